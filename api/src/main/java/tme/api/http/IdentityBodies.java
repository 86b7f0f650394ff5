package tme.api.http;

import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import tme.cache.Stored;

/**
 * Writes the uncompressed JSON of a hit, the cheapest way there is for its size and state: a large body from its
 * file with {@code sendfile(2)} ({@link BodyFiles}), else from its off-heap copy ({@link BodyCopies}); the first
 * answer of a large compressed value is decompressed on the worker pool, not on the event loop.
 */
final class IdentityBodies {

    /** Decompressing this much costs about what a hop to the worker pool and back does (some 15 µs). */
    static final int DECOMPRESS_INLINE_MAX = 16 * 1024;

    private final BodyCopies copies;
    private final Optional<BodyFiles> files;
    private final WorkerExecutor workers;

    IdentityBodies(BodyCopies copies, Optional<BodyFiles> files, WorkerExecutor workers) {
        this.copies = copies;
        this.files = files;
        this.workers = workers;
    }

    /** Bytes held for identity answers: the off-heap copies, and the files on the memory file system. */
    long copiesBytes() {
        return copies.weightedBytes();
    }

    long filesBytes() {
        return files.map(BodyFiles::weightedBytes).orElse(0L);
    }

    /** Ends {@code ctx}'s response (status and headers set) with the identity bytes of {@code stored}. */
    void send(RoutingContext ctx, Stored stored) {
        if (stored.rawSize() >= BodyFiles.MIN_BYTES && ctx.request().method() != HttpMethod.HEAD && files.isPresent()) {
            BodyFile file = files.get().retained(stored);
            if (file != null) {
                sendFile(ctx, file);
                return;
            }
        }
        Buffer ready = copies.ready(stored);
        if (ready != null) {
            Responses.end(ctx, ready);
        } else if (!stored.compressed() || stored.rawSize() < DECOMPRESS_INLINE_MAX) {
            Responses.end(ctx, copies.of(stored));
        } else {
            decompressOnWorker(ctx, stored);
        }
    }

    /** The file goes to the socket from the kernel's pages; the response holds it until the last byte is sent. */
    private static void sendFile(RoutingContext ctx, BodyFile file) {
        try {
            ctx.response().sendFile(file.channel(), 0, file.length()).onComplete(sent -> file.release());
        } catch (RuntimeException e) {
            file.release();
            throw e;
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
