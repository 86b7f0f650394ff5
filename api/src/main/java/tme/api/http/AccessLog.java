package tme.api.http;

import io.vertx.core.Vertx;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The access log's one writer: each event loop gathers its {@link AccessLine}s in a {@link LoopLines} of its own
 * and hands them over in batches through a bounded queue; a daemon thread formats them and writes them to a
 * {@link Sink} (standard output, one write per batch). An event loop never waits for it: the queue is lock-free (a
 * loop never parks behind the writer draining it), and when it is full (the sink is slow or stuck) a batch is
 * dropped and its lines counted ({@code http.access_log.dropped}). Nobody is woken per line: the loops hand over every
 * {@link #HANDOVER} lines or {@link #IDLE_PAUSE}, the writer polls every {@link #IDLE_PAUSE}, so a line costs its
 * loop a list append, no atomic operation shared with another core and no system call, and shows up within about
 * twice that pause.
 */
public final class AccessLog implements AutoCloseable {

    /** Where lines go; called from the writer thread only. */
    public interface Sink {
        /**
         * A batch of whole lines, each ending in {@code '\n'}: {@code length} bytes of printable ASCII (so also UTF-8)
         * at the start of {@code lines}, which the writer reuses once this returns.
         */
        void write(byte[] lines, int length) throws IOException;
    }

    /**
     * Lines waiting at most: about a second of a busy server's hits (some 70,000 a second on one loop here), so a
     * writer starved of CPU for a moment drops nothing; under 10 MB when full, nothing while empty.
     */
    public static final int DEFAULT_CAPACITY = 65_536;
    static final Duration IDLE_PAUSE = Duration.ofMillis(20);
    /** Lines a loop gathers before it hands them over without waiting for its timer. */
    static final int HANDOVER = 256;
    private static final int BATCH = 1_024;
    private static final System.Logger LOG = System.getLogger(AccessLog.class.getName());

    private final Queue<List<AccessLine>> queue = new ConcurrentLinkedQueue<>();
    // Lines in the queue, or being put there: the bound (ConcurrentLinkedQueue's own size() walks the queue).
    private final AtomicInteger queued = new AtomicInteger();
    // Every loop's buffer, for the lines still in them when the log closes.
    private final List<LoopLines> loops = new CopyOnWriteArrayList<>();
    private final int capacity;
    private final Sink sink;
    private final Thread writer;
    private final LongAdder written = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder failed = new LongAdder();
    // Set once by close(); the writer drains what is queued, then stops.
    private volatile boolean closing;

    private AccessLog(Sink sink, int capacity) {
        this.capacity = capacity;
        this.sink = sink;
        this.writer = Thread.ofPlatform().name("tme-access-log").daemon().unstarted(this::run);
    }

    /** A log writing to {@code sink}, its thread started. */
    public static AccessLog start(Sink sink, int capacity) {
        AccessLog log = new AccessLog(sink, capacity);
        log.writer.start();
        return log;
    }

    /** Standard output, one {@code write(2)} per batch (the batch is the buffer). */
    public static Sink stdout() {
        FileOutputStream out = new FileOutputStream(FileDescriptor.out);
        return (lines, length) -> out.write(lines, 0, length);
    }

    /**
     * The calling event loop's buffer: lines added to it go to the writer every {@link #HANDOVER} lines and every
     * {@link #IDLE_PAUSE} (a periodic timer on that loop). Call it on the loop whose requests it will log.
     */
    LoopLines forThisLoop(Vertx vertx) {
        LoopLines lines = new LoopLines(this);
        loops.add(lines);
        vertx.setPeriodic(IDLE_PAUSE.toMillis(), id -> lines.handOver());
        return lines;
    }

    /** Hands one {@code line} to the writer from any thread (requests answered outside a router). */
    void offer(AccessLine line) {
        offerAll(List.of(line));
    }

    /** Hands {@code lines} to the writer, or drops and counts them when the queue is full; never blocks. */
    void offerAll(List<AccessLine> lines) {
        int count = lines.size();
        if (queued.addAndGet(count) > capacity) {
            queued.addAndGet(-count);
            dropped.add(count);
            return;
        }
        queue.offer(lines);
    }

    /**
     * {@code http.access_log.lines} (written), {@code .dropped} (the queue was full), {@code .failed} (the sink
     * threw: standard output closed, a full disk).
     */
    public Map<String, Long> counters() {
        return Map.of("http.access_log.lines", written.sum(), "http.access_log.dropped", dropped.sum(),
                "http.access_log.failed", failed.sum());
    }

    /**
     * Writes what is queued and stops the writer, waiting for it up to a second (a stuck sink keeps it). Called once
     * the servers have stopped (a Vert.x close hook), so no loop adds to its buffer while it is handed over here.
     */
    @Override
    public void close() {
        loops.forEach(LoopLines::handOver);
        closing = true;
        LockSupport.unpark(writer);
        try {
            writer.join(Duration.ofSeconds(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        List<AccessLine> batch = new ArrayList<>(BATCH);
        BatchText text = new BatchText();
        while (true) {
            boolean last = closing; // read before draining: a line queued before close() is still written
            drain(batch);
            if (!batch.isEmpty()) {
                write(batch, text);
                batch.clear();
            } else if (last) {
                return;
            } else {
                LockSupport.parkNanos(this, IDLE_PAUSE.toNanos());
            }
        }
    }

    private void drain(List<AccessLine> batch) {
        List<AccessLine> handed;
        while (batch.size() < BATCH && (handed = queue.poll()) != null) {
            batch.addAll(handed);
        }
        queued.addAndGet(-batch.size());
    }

    private void write(List<AccessLine> batch, BatchText text) {
        try {
            text.set(batch);
            sink.write(text.bytes, text.length);
            written.add(batch.size());
        } catch (IOException | RuntimeException e) {
            if (failed.sum() == 0) {
                LOG.log(System.Logger.Level.WARNING, "Access log lines could not be written", e);
            }
            failed.add(batch.size());
        }
    }

    /** The writer's one buffer: a batch's lines as text, then as bytes, both reused batch after batch. */
    private static final class BatchText {
        private final StringBuilder chars = new StringBuilder(BATCH * 128);
        private final AccessLine.Timestamps times = new AccessLine.Timestamps();
        private byte[] bytes = new byte[BATCH * 128];
        private int length;

        void set(List<AccessLine> batch) {
            chars.setLength(0);
            for (AccessLine line : batch) {
                line.appendTo(chars, times).append('\n');
            }
            length = chars.length();
            if (bytes.length < length) {
                bytes = new byte[length];
            }
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) chars.charAt(i); // printable ASCII by construction (AccessLine.appendTo)
            }
        }
    }
}
