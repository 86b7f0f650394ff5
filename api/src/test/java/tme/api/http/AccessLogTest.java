package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The log's line format, and its one writer: never blocking whoever offers a line, dropping and counting instead. */
class AccessLogTest {

    private static final long POLL_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    private static final long AT = Instant.parse("2025-03-01T12:00:00.250Z").toEpochMilli();

    @Test
    void line_hasEveryFieldInOrder() {
        AccessLine line = new AccessLine(AT, "k3v9x2qd-1f4", "GET", "/v1/body/:channel", 200, "L1", 87_412,
                66_241, "203.0.113.7");
        assertEquals("2025-03-01T12:00:00.250Z k3v9x2qd-1f4 GET /v1/body/:channel 200 L1 0.087 66241 203.0.113.7",
                line.format());
    }

    @Test
    void timestamps_keepTheirSecond_andPadTheMillis() {
        AccessLine.Timestamps times = new AccessLine.Timestamps();
        StringBuilder out = new StringBuilder();
        times.appendTo(out, AT);
        times.appendTo(out.append(' '), AT + 757);
        times.appendTo(out.append(' '), AT + 751);
        times.appendTo(out.append(' '), Instant.parse("1969-12-31T23:59:59.007Z").toEpochMilli());
        assertEquals("2025-03-01T12:00:00.250Z 2025-03-01T12:00:01.007Z 2025-03-01T12:00:01.001Z "
                + "1969-12-31T23:59:59.007Z", out.toString());
    }

    @Test
    void oddMethod_isCleanedWhenWritten() {
        AccessLine line = new AccessLine(AT, "id-1", "GÉT\u0001", "/", 405, "-", 0, 0, "-");
        assertEquals("2025-03-01T12:00:00.250Z id-1 G?T? / 405 - 0.000 0 -", line.format());
    }

    @Test
    void duration_isMillisecondsWithMicroseconds() {
        assertEquals("0.000", ServerTiming.appendMillis(new StringBuilder(), 999).toString());
        assertEquals("0.001", ServerTiming.appendMillis(new StringBuilder(), 1_000).toString());
        assertEquals("0.040", ServerTiming.appendMillis(new StringBuilder(), 40_999).toString());
        assertEquals("1234.567", ServerTiming.appendMillis(new StringBuilder(), 1_234_567_890).toString());
    }

    @Test
    void paths_areShortenedAndStrippedForTheLog() {
        assertEquals("/v1/nothing", AccessLine.loggablePath("/v1/nothing"));
        assertEquals("/a?b?c", AccessLine.loggablePath("/a b\u0007c"));
        assertEquals("/??", AccessLine.loggablePath("/é\n"));
        String long_ = "/" + "x".repeat(200);
        assertEquals(AccessLine.MAX_PATH + 1, AccessLine.loggablePath(long_).length());
        assertTrue(AccessLine.loggablePath(long_).endsWith("~"));
        assertEquals("-", AccessLine.loggablePath(""));
    }

    @Test
    void stuckSink_linesPastTheQueueAreDroppedAndCounted_andTheCallerNeverWaits() throws Exception {
        StuckSink sink = new StuckSink();
        int capacity = 4;
        try (AccessLog log = AccessLog.start(sink, capacity)) {
            log.offer(line("first"));
            assertTrue(sink.entered.await(10, TimeUnit.SECONDS), "the writer took the first line");
            // The writer is stuck in the sink with "first": the queue takes `capacity` more, the rest are dropped.
            long began = System.nanoTime();
            for (int i = 0; i < capacity + 6; i++) {
                log.offer(line("line-" + i));
            }
            // An offer that waited for room would wait on the stuck sink until it is released below: a generous
            // bound tells that apart from ten offers on the busiest machine.
            assertTrue(Duration.ofNanos(System.nanoTime() - began).toSeconds() < 30, "offering never waits");
            assertEquals(6, log.counters().get("http.access_log.dropped"));
            assertEquals(0, log.counters().get("http.access_log.lines"));

            sink.release.countDown();
            awaitLines(log, 1 + capacity);
            assertEquals(List.of("first", "line-0", "line-1", "line-2", "line-3"),
                    sink.lines.stream().map(text -> text.split(" ")[1]).toList());
            assertEquals(6, log.counters().get("http.access_log.dropped"));
        }
    }

    @Test
    void close_writesWhatIsQueued() {
        StuckSink sink = new StuckSink();
        sink.release.countDown();
        AccessLog log = AccessLog.start(sink, 100);
        for (int i = 0; i < 50; i++) {
            log.offer(line("n" + i));
        }
        log.close();
        assertEquals(50, sink.lines.size());
        assertEquals(50, log.counters().get("http.access_log.lines"));
    }

    /**
     * Stopping while a loop is still ending an answer (Vert.x completes the server's shutdown inside the write, before
     * the answer's end handler adds its line): the loop's last handover runs on the loop after that task, so the line
     * is written. Handing over from the stopping thread lost it.
     */
    @Test
    void stop_inTheMiddleOfALoopsTask_stillWritesTheLineThatTaskAdds() throws Exception {
        StuckSink sink = new StuckSink();
        sink.release.countDown();
        AccessLog log = AccessLog.start(sink, 100);
        Vertx vertx = Vertx.vertx();
        try {
            CompletableFuture<CompletionStage<Void>> stopping = new CompletableFuture<>();
            vertx.runOnContext(ignored -> {
                LoopLines lines = log.forThisLoop(vertx);
                lines.add(line("before"));
                CompletionStage<Void> stopped = log.stop();
                lines.add(line("after-stop")); // the end handler, after the shutdown completed
                stopping.complete(stopped);
            });
            stopping.get(10, TimeUnit.SECONDS).toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertEquals(List.of("before", "after-stop"), sink.lines.stream().map(text -> text.split(" ")[1]).toList());
            assertEquals(2, log.counters().get("http.access_log.lines"));
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void failingSink_isCounted_andTheWriterGoesOn() {
        List<String> written = new CopyOnWriteArrayList<>();
        AccessLog.Sink flaky = (batch, length) -> {
            String text = new String(batch, 0, length, StandardCharsets.US_ASCII);
            if (text.contains(" bad ")) {
                throw new java.io.IOException("disk full");
            }
            written.add(text);
        };
        AccessLog log = AccessLog.start(flaky, 100);
        log.offer(line("bad"));
        awaitFailed(log);
        log.offer(line("good"));
        log.close();
        assertEquals(1, written.size());
        assertEquals(1, log.counters().get("http.access_log.lines"));
    }

    private static AccessLine line(String id) {
        return new AccessLine(AT, id, "GET", "/v1/body/:channel", 200, "L1", 1_000, 10, "127.0.0.1");
    }

    private static void awaitLines(AccessLog log, long count) {
        awaitCounter(log, "http.access_log.lines", count);
    }

    private static void awaitFailed(AccessLog log) {
        awaitCounter(log, "http.access_log.failed", 1);
    }

    private static void awaitCounter(AccessLog log, String name, long count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (log.counters().get(name) < count) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(name + " did not reach " + count + ": " + log.counters());
            }
            LockSupport.parkNanos(POLL_PAUSE_NANOS); // polling the writer's counter, which moves on its own thread
        }
    }

    /** Blocks in its first write until released: a pipe nobody reads, a terminal scrolled back. */
    private static final class StuckSink implements AccessLog.Sink {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> lines = new CopyOnWriteArrayList<>();

        @Override
        public void write(byte[] batch, int length) throws java.io.IOException {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
            String text = new String(batch, 0, length, StandardCharsets.US_ASCII);
            lines.addAll(List.of(text.substring(0, text.length() - 1).split("\n")));
        }
    }
}
