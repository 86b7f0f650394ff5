package tme.api.http;

import io.vertx.core.Vertx;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The access log's one writer. Each event loop formats its own lines into a {@link LoopLines} buffer (its own
 * memory, in its own cache) and hands them over as ready text, a chunk at a time, through a bounded queue; a daemon
 * thread writes each chunk to a {@link Sink} (standard output: one {@code write(2)} a chunk). An event loop never
 * waits for it: the queue is lock-free (a loop never parks behind the writer), and when it is full (the sink is slow
 * or stuck) a chunk is dropped and its lines counted ({@code http.access_log.dropped}). Nobody is woken per line:
 * the loops hand over every {@link #HANDOVER} lines or {@link #IDLE_PAUSE}, the writer polls every
 * {@link #IDLE_PAUSE}, so a line costs its loop the formatting and no atomic operation, lock or system call, and
 * shows up within about twice that pause. The writer only copies text it never has to read field by field: handed
 * the lines as objects and formatting them itself, it spent some 0.35 µs a line, mostly in cache misses on what the
 * loops had written.
 */
public final class AccessLog implements AutoCloseable {

    /** Where lines go; called from the writer thread only. */
    public interface Sink {
        /**
         * A chunk of whole lines, each ending in {@code '\n'}: {@code length} bytes of printable ASCII (so also UTF-8)
         * at the start of {@code lines}.
         */
        void write(byte[] lines, int length) throws IOException;
    }

    /**
     * Lines waiting at most: about a second of a busy server's hits (some 70,000 a second on one loop here), so a
     * writer starved of CPU for a moment drops nothing; under 7 MB when full, nothing while empty.
     */
    public static final int DEFAULT_CAPACITY = 65_536;
    static final Duration IDLE_PAUSE = Duration.ofMillis(20);
    /** Lines a loop gathers before it hands them over without waiting for its timer: a chunk of some 25 KB. */
    static final int HANDOVER = 256;
    /** How long the closing writer waits for the loops' last lines (a stuck loop's are lost after that). */
    static final Duration LAST_LINES_WAIT = Duration.ofSeconds(1);
    private static final System.Logger LOG = System.getLogger(AccessLog.class.getName());

    /**
     * Formatted lines handed over together: the loop's builder itself (the loop starts a new one), so handing over
     * copies nothing on the loop; the writer turns it into bytes.
     */
    record Chunk(StringBuilder text, int lines) {}

    private final Queue<Chunk> queue = new ConcurrentLinkedQueue<>();
    // Lines in the queue, or being put there: the bound (ConcurrentLinkedQueue's own size() walks the queue).
    private final AtomicInteger queued = new AtomicInteger();
    private final int capacity;
    private final Sink sink;
    private final Thread writer;
    // Every loop's buffer, for the lines still in them when the log closes.
    private final List<LoopLines> loops = new CopyOnWriteArrayList<>();
    private final LongAdder written = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder failed = new LongAdder();
    // Set once by stop(), after lastLines: the writer waits for the loops' last lines, drains the queue, then stops.
    private volatile boolean closing;
    private CountDownLatch lastLines;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();

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

    /** Standard output, one {@code write(2)} per chunk (the chunk is the buffer). */
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

    /** Hands one {@code line} to the writer from any thread (requests answered outside a router; tests). */
    void offer(AccessLine line) {
        offer(new Chunk(line.appendTo(new StringBuilder(128), new AccessLine.Timestamps()).append('\n'), 1));
    }

    /** Hands {@code chunk} to the writer, or drops and counts its lines when the queue is full; never blocks. */
    void offer(Chunk chunk) {
        if (queued.addAndGet(chunk.lines()) > capacity) {
            queued.addAndGet(-chunk.lines());
            dropped.add(chunk.lines());
            return;
        }
        queue.offer(chunk);
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
     * Stops the log without waiting on the calling thread (a Vert.x close hook, maybe on an event loop): each loop
     * hands its last lines over on itself ({@link LoopLines#handOverOnLoop}), the writer waits for them up to
     * {@link #LAST_LINES_WAIT}, writes everything queued and stops; then the stage completes.
     */
    public synchronized CompletionStage<Void> stop() {
        if (!closing) {
            lastLines = new CountDownLatch(loops.size());
            loops.forEach(lines -> lines.handOverOnLoop(lastLines));
            closing = true;
            LockSupport.unpark(writer);
        }
        return stopped;
    }

    /** {@link #stop()}, waited for up to two seconds (a stuck sink keeps the writer); for callers off the loops. */
    @Override
    public void close() {
        try {
            stop().toCompletableFuture().get(LAST_LINES_WAIT.toMillis() * 2, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.log(System.Logger.Level.WARNING, "The access log did not stop in time", e);
        }
    }

    private void run() {
        while (!closing) {
            if (!writeNext()) {
                LockSupport.parkNanos(this, IDLE_PAUSE.toNanos());
            }
        }
        awaitLastLines();
        while (writeNext()) {
            // drain: every chunk queued before the loops' last handovers
        }
        stopped.complete(null);
    }

    /** Writes the next queued chunk; false when the queue is empty. */
    private boolean writeNext() {
        Chunk chunk = queue.poll();
        if (chunk == null) {
            return false;
        }
        queued.addAndGet(-chunk.lines());
        write(chunk);
        return true;
    }

    private void awaitLastLines() {
        try {
            lastLines.await(LAST_LINES_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void write(Chunk chunk) {
        try {
            // Printable ASCII by construction (AccessLine.appendTo), so Latin-1 is exact, copied in bulk.
            byte[] bytes = chunk.text().toString().getBytes(StandardCharsets.ISO_8859_1);
            sink.write(bytes, bytes.length);
            written.add(chunk.lines());
        } catch (IOException | RuntimeException e) {
            if (failed.sum() == 0) {
                LOG.log(System.Logger.Level.WARNING, "Access log lines could not be written", e);
            }
            failed.add(chunk.lines());
        }
    }
}
