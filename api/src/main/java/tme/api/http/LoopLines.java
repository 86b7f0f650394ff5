package tme.api.http;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;

/**
 * One event loop's access log lines, formatted, not yet handed to the {@link AccessLog}'s writer. Touched only by
 * that loop (its requests' end handlers and its timer), so adding a line is formatting it into a builder this loop
 * alone writes: no lock, no atomic operation, no cache line shared with another core. Handed over as one chunk
 * every {@link AccessLog#HANDOVER} lines and on the loop's timer.
 */
final class LoopLines {

    private final AccessLog log;
    private final Thread loop;
    // The loop's context, for the last handover (which must run there, after the task ending the last answers).
    private final Context context;
    /** Room for a chunk's lines (about 90 characters each), so a builder is not grown while it fills. */
    private static final int CHUNK_CHARS = AccessLog.HANDOVER * 128;

    // Confined to the loop: the lines since the last handover (a new builder after each), the current second's text.
    private StringBuilder text = new StringBuilder(CHUNK_CHARS);
    private final AccessLine.Timestamps times = new AccessLine.Timestamps();
    private int lines;

    /** Made on the loop it serves. */
    LoopLines(AccessLog log) {
        this.log = log;
        this.loop = Thread.currentThread();
        this.context = Vertx.currentContext();
    }

    /** Adds {@code line}; from any other thread (an answer ended elsewhere, which Vert.x should not do) it goes at once. */
    void add(AccessLine line) {
        if (Thread.currentThread() != loop) {
            log.offer(line);
            return;
        }
        line.appendTo(text, times).append('\n');
        if (++lines >= AccessLog.HANDOVER) {
            handOver();
        }
    }

    /**
     * The last handover, when the log closes: run on this buffer's own loop, after the task running there now. That
     * task may be ending an answer: Vert.x writes it, the connection closes, the server's shutdown completes and the
     * log is told to close, all before the answer's end handler adds its line. {@code done} is counted down then, or
     * at once when the loop is gone (and its lines with it).
     */
    void handOverOnLoop(CountDownLatch done) {
        try {
            context.runOnContext(ignored -> {
                handOver();
                done.countDown();
            });
        } catch (RejectedExecutionException gone) {
            done.countDown();
        }
    }

    void handOver() {
        if (lines > 0) {
            log.offer(new AccessLog.Chunk(text, lines)); // the writer's from now on
            text = new StringBuilder(CHUNK_CHARS);
            lines = 0;
        }
    }
}
