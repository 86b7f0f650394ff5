package tme.api.http;

/**
 * A request whose body's length cannot be told without doubt (RFC 9112 §6.1, §6.3): {@code Content-Length} with
 * {@code Transfer-Encoding}, a transfer coding other than {@code chunked}, or {@code Transfer-Encoding} in HTTP/1.0.
 * A front proxy may read such a body's length otherwise than we do and take what we read as a second request for
 * part of this one's body (request smuggling), so it is answered 400 and its connection closed
 * ({@link InvalidRequests}). No stack trace: a client can send these as fast as it likes.
 */
final class FramingRefused extends RuntimeException {

    FramingRefused(String message) {
        super(message, null, false, false);
    }
}
