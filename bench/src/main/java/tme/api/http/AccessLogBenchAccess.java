package tme.api.http;

import io.vertx.core.MultiMap;
import java.time.InstantSource;

/**
 * Lets {@code tme.bench.AccessLogBenchmark} run the access log's own code (package-private in the api): what an event
 * loop does per request with {@code ACCESS_LOG} on, and the formatting alone. In the api's package,
 * in the bench module, like {@link BenchAccess}.
 */
public final class AccessLogBenchAccess implements AutoCloseable {

    private final InstantSource clock = InstantSource.system();
    private final AccessLog log;
    private final LoopLines lines;

    /** A log writing to nowhere, its thread started; this thread is the "loop" whose lines it gathers. */
    public AccessLogBenchAccess() {
        log = AccessLog.start((batch, length) -> {}, AccessLog.DEFAULT_CAPACITY);
        lines = new LoopLines(log);
    }

    /** A new request id, as a request without one gets. */
    public static CharSequence newId() {
        return RequestIds.of(null);
    }

    /**
     * What the end handler does past Vert.x's own: the status, level and bytes read from the response (here
     * {@code headers}), the clock, one {@link AccessLine} formatted into the loop's buffer (handed over every 256).
     */
    public void endOfRequest(CharSequence id, MultiMap headers, long began) {
        String level = headers.get(Responses.X_CACHE);
        lines.add(new AccessLine(clock.millis(), id, "GET", "/v1/body/:channel", 200, level == null ? "-" : level,
                System.nanoTime() - began, 17_340, "203.0.113.7"));
    }

    /** Formatting one line into a loop's buffer (what {@link #endOfRequest} does after reading the response). */
    public static StringBuilder format(StringBuilder batch, Object timestamps, CharSequence id) {
        batch.setLength(0);
        return new AccessLine(1_740_830_400_250L, id, "GET", "/v1/body/:channel", 200, "L1", 87_412, 17_340,
                "203.0.113.7").appendTo(batch, (AccessLine.Timestamps) timestamps);
    }

    /** The writer's cache of the current second's text. */
    public static Object timestamps() {
        return new AccessLine.Timestamps();
    }

    /** Lines dropped so far (the benchmark must not outrun the writer). */
    public long dropped() {
        return log.counters().get("http.access_log.dropped");
    }

    @Override
    public void close() {
        log.close();
    }
}
