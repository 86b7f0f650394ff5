package tme.api.outbound;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;

/**
 * Reads a small answer's body whole (a callback's challenge echo), never more than {@code maxBytes}: past it the
 * stream is reset and the read fails. For bodies passed on rather than read, {@link BoundedPipe}.
 */
public final class BoundedBody {

    private BoundedBody() {}

    /** Reads {@code from} (paused, as {@link GuardedClient} hands it over) to its end; resumes it. */
    public static Future<Buffer> read(HttpClientResponse from, int maxBytes) {
        Promise<Buffer> read = Promise.promise();
        Buffer body = Buffer.buffer();
        from.handler(chunk -> {
            if (body.length() + chunk.length() > maxBytes) {
                read.tryFail("the answer grew past " + maxBytes + " bytes");
                GuardedClient.discard(from);
            } else {
                body.appendBuffer(chunk);
            }
        });
        from.exceptionHandler(read::tryFail);
        from.endHandler(end -> read.tryComplete(body));
        from.resume();
        return read.future();
    }
}
