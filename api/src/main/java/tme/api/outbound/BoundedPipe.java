package tme.api.outbound;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.streams.WriteStream;
import java.util.function.LongConsumer;

/**
 * Streams a fetched body to a writer with back-pressure (the fetch pauses while the writer's queue is full), never
 * more than {@code maxBytes}: past it, both ends are cut. Each chunk is counted as it passes ({@code counted}), so
 * nothing holds a whole file. Completes with the bytes passed, or fails when the body was cut or broke off.
 */
public final class BoundedPipe {

    private BoundedPipe() {}

    /** Pipes {@code from} (paused, as {@link GuardedClient} hands it over) to {@code to}; resumes it. */
    public static Future<Long> pipe(HttpClientResponse from, WriteStream<Buffer> to, long maxBytes,
                                    LongConsumer counted) {
        Promise<Long> done = Promise.promise();
        long[] passed = {0}; // touched only on the response's context
        from.handler(chunk -> {
            passed[0] += chunk.length();
            if (passed[0] > maxBytes) {
                GuardedClient.discard(from);
                done.tryFail("the body grew past " + maxBytes + " bytes");
                return;
            }
            counted.accept(chunk.length());
            to.write(chunk);
            if (to.writeQueueFull()) {
                from.pause();
                to.drainHandler(drained -> from.resume());
            }
        });
        from.exceptionHandler(failure -> done.tryFail(failure));
        from.endHandler(end -> done.tryComplete(passed[0]));
        from.resume();
        return done.future();
    }
}
