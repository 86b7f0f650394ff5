package tme.api;

import java.net.BindException;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a start failed because the server could not listen (the port taken, the address not this machine's, a
 * port below 1024 without the right), and why in a few words: the JDK's NIO says so with a {@link BindException},
 * Netty's native epoll transport with an {@code IOException}, "bind(..) failed with error(-98): Address already in use".
 */
final class BindFailure {

    private static final String NATIVE = "bind(..) failed";

    private BindFailure() {}

    /** {@code address already in use}, or empty when {@code failure} is something else. */
    static Optional<String> reason(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String message = cause.getMessage() == null ? "" : cause.getMessage();
            if (cause instanceof BindException) {
                return Optional.of(plain(message.isEmpty() ? "cannot bind" : message));
            }
            int at = message.indexOf(NATIVE);
            if (at >= 0) {
                int reason = message.indexOf(": ", at);
                return Optional.of(plain(reason < 0 ? message.substring(at) : message.substring(reason + 2)));
            }
        }
        return Optional.empty();
    }

    /** {@code Address already in use} as part of a sentence; NIO's {@code (Bind failed)} suffix dropped. */
    private static String plain(String message) {
        String reason = message.replace(" (Bind failed)", "").strip();
        return reason.isEmpty() ? reason : reason.substring(0, 1).toLowerCase(Locale.ROOT) + reason.substring(1);
    }
}
