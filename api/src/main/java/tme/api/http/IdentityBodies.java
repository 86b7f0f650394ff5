package tme.api.http;

import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
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

    /** Bytes held for identity answers: the off-heap copies. */
    long copiesBytes() {
        return copies.weightedBytes();
    }

    /** Ends {@code ctx}'s response (status and headers set) with the identity bytes of {@code stored}. */
    void send(RoutingContext ctx, Stored stored) {
        Buffer ready = copies.ready(stored);
        if (ready != null) {
            Responses.end(ctx, ready);
        } else if (!stored.compressed() || stored.rawSize() < DECOMPRESS_INLINE_MAX) {
            Responses.end(ctx, copies.of(stored));
        } else {
            decompressOnWorker(ctx, stored);
        }
    }

    /**
     * The first identity answer of a large compressed value: decompressed once on the worker pool (100 KB is some
     * 100 µs, too long for the loop that serves every other hit), then written from the request's loop (Vert.x
     * completes {@code executeBlocking} on the caller's context).
     */
    private void decompressOnWorker(RoutingContext ctx, Stored stored) {
        workers.executeBlocking(() -> copies.of(stored), false).onComplete(made -> {
            if (made.failed()) {
                ctx.fail(made.cause());
            } else if (!ctx.response().closed()) {
                Responses.end(ctx, made.result());
            }
        });
    }
}
