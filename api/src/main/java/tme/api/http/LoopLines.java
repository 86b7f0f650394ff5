package tme.api.http;

import java.nio.charset.StandardCharsets;

/**
 * One event loop's access log lines, formatted, not yet handed to the {@link AccessLog}'s writer. Touched only by
 * that loop (its requests' end handlers and its timer), so adding a line is formatting it into a builder this loop
 * alone writes: no lock, no atomic operation, no cache line shared with another core. Handed over as one chunk of
 * bytes every {@link AccessLog#HANDOVER} lines and on the loop's timer.
 */
final class LoopLines {

    private final AccessLog log;
    private final Thread loop;
    // Confined to the loop: the lines since the last handover, and the current second's text.
    private final StringBuilder text = new StringBuilder(AccessLog.HANDOVER * 112);
    private final AccessLine.Timestamps times = new AccessLine.Timestamps();
    private int lines;

    /** Made on the loop it serves. */
    LoopLines(AccessLog log) {
        this.log = log;
        this.loop = Thread.currentThread();
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

    void handOver() {
        if (lines > 0) {
            log.offer(new AccessLog.Chunk(bytes(text), lines));
            text.setLength(0);
            lines = 0;
        }
    }

    /**
     * The text as bytes: printable ASCII by construction ({@link AccessLine#appendTo}), so Latin-1 is exact, and the
     * JDK copies the builder's own Latin-1 bytes in bulk.
     */
    static byte[] bytes(StringBuilder text) {
        return text.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
