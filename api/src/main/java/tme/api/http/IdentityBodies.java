package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import tme.cache.Stored;

/**
 * Writes the uncompressed JSON of a hit from its off-heap copy ({@link BodyCopies}); the first answer of a large
 * compressed value is decompressed on the worker pool, not on the event loop.
 */
final class IdentityBodies {

    /** Decompressing this much costs about what a hop to the worker pool and back does (some 15 µs). */
    static final int DECOMPRESS_INLINE_MAX = 16 * 1024;

    private final BodyCopies copies;
    private final WorkerExecutor workers;

    IdentityBodies(BodyCopies copies, WorkerExecutor workers) {
        this.copies = copies;
        this.workers = workers;
    }

    /** The identity copy of {@code stored} if one is made, else null. */
    Buffer ready(Stored stored) {
        return copies.ready(stored);
    }

    /**
     * Makes the identity copy of {@code stored} now, before anyone asks, on {@code background} (no reader waits for
     * it: the threads that give way to the loops); one a reader asks for meanwhile is made again, and either is kept.
     */
    void prepare(Stored stored, WorkerExecutor background) {
        background.executeBlocking(() -> copies.of(stored), false);
    }

    /** Drops the copy of {@code stored}, which left L1. */
    void forget(Stored stored) {
        copies.forget(stored);
    }

    /** Bytes held for identity answers: the off-heap copies. */
    long copiesBytes() {
        return copies.weightedBytes();
    }

    /** The copies skipped, by reason: for /metrics. */
    java.util.Map<String, Long> skipped() {
        return copies.skipped();
    }

    /**
     * Ends {@code request}'s response (status and headers set) with the identity bytes of {@code stored}; a failed
     * decompression (a bug) goes to {@code fail}.
     */
    void send(HttpServerRequest request, Stored stored, Handler<Throwable> fail) {
        send(request, stored, copies.ready(stored), fail);
    }

    /** As above, with the copy already looked up ({@link #ready}; null: none made yet). */
    void send(HttpServerRequest request, Stored stored, Buffer ready, Handler<Throwable> fail) {
        if (ready != null) {
            Responses.end(request, ready);
        } else if (!stored.compressed() || stored.rawSize() < DECOMPRESS_INLINE_MAX) {
            Responses.end(request, copies.of(stored));
        } else {
            decompressOnWorker(request, stored, fail);
        }
    }

    /**
     * The first identity answer of a large compressed value: decompressed once on the worker pool (100 KB is some
     * 100 µs, too long for the loop that serves every other hit), then written from the request's loop (Vert.x
     * completes {@code executeBlocking} on the caller's context).
     */
    private void decompressOnWorker(HttpServerRequest request, Stored stored, Handler<Throwable> fail) {
        workers.executeBlocking(() -> copies.of(stored), false).onComplete(made -> {
            if (made.failed()) {
                fail.handle(made.cause());
            } else if (!request.response().closed()) {
                Responses.end(request, made.result());
            }
        });
    }
}
