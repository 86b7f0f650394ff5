package tme.api.http;

/**
 * One event loop's access log lines, formatted, not yet handed to the {@link AccessLog}'s writer. Touched only by
 * that loop (its requests' end handlers and its timer), so adding a line is formatting it into a builder this loop
 * alone writes: no lock, no atomic operation, no cache line shared with another core. Handed over as one chunk
 * every {@link AccessLog#HANDOVER} lines and on the loop's timer.
 */
final class LoopLines {

    private final AccessLog log;
    private final Thread loop;
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
            log.offer(new AccessLog.Chunk(text, lines)); // the writer's from now on
            text = new StringBuilder(CHUNK_CHARS);
            lines = 0;
        }
    }
}
