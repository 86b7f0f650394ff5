package tme.api.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code tme_stream_seconds{route}}: how long each long-lived answer stayed open (an SSE stream, a media file relayed
 * from the CDN), recorded when it ends. Kept out of {@code tme_http_requests_seconds}: a stream's life is its
 * reader's choice, not a latency, and a 20 s stream in the requests' {@code +Inf} bucket skews every percentile
 * over them. A stream ends rarely next to requests, so one Micrometer timer per route does (no per-loop rows).
 */
final class StreamMeters {

    static final String NAME = "tme.stream";
    private static final String HELP = "Long-lived answers (SSE streams, relayed media) by route template, and how long"
            + " each stayed open; recorded as it ends, kept out of tme_http_requests_seconds";
    /** From a short media file to a reader who keeps a stream open all day. */
    private static final Duration[] BOUNDS = {Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofMinutes(1),
            Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(6)};

    private final MeterRegistry registry;
    private final ConcurrentMap<String, Timer> routes = new ConcurrentHashMap<>();

    StreamMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** The route's series, at 0 until a stream of it ends (so rates and alerts over it start from 0). */
    void declare(String route) {
        timer(route);
    }

    /** One stream of {@code route} that began at {@code startedAt} ({@link System#nanoTime}) and ended now. */
    void record(String route, long startedAt) {
        timer(route).record(System.nanoTime() - startedAt, TimeUnit.NANOSECONDS);
    }

    private Timer timer(String route) {
        return routes.computeIfAbsent(route, r -> Timer.builder(NAME).description(HELP).tag("route", r)
                .serviceLevelObjectives(BOUNDS).register(registry));
    }
}
