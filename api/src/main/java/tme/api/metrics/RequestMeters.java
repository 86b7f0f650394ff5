package tme.api.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@code tme_http_requests_seconds{route, status, level}}: one Timer per route template, status and answering level,
 * with buckets at the SLO bounds only. Each Timer is made once and kept in a small table: a request costs one map
 * read by route (the template string the router holds, its hash cached), one array read, and the Timer's record;
 * no string is built and the registry is not asked ({@code RequestMetersBenchmark}).
 */
final class RequestMeters {

    static final String NAME = "tme.http.requests";
    /** Bucket bounds: the latencies an SLO is written against, from an L1 hit (a millisecond) to a slow miss. */
    static final Duration[] SLO_BOUNDS = millis(1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500);
    /** The status of an answer whose connection closed before it was sent (nginx's convention). */
    static final int CLIENT_CLOSED = 499;

    private static final int LOWEST_STATUS = 100;
    private static final int STATUSES = 500; // 100..599
    private static final String HELP = "Requests by route template, status and answering level (X-Cache),"
            + " and how long they took to answer";

    private final MeterRegistry registry;
    private final ConcurrentMap<String, RouteTimers> routes = new ConcurrentHashMap<>();

    RequestMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Records one answered request; {@code route} is a template or {@link RouteTemplates#OTHER}. */
    void record(String route, int status, AnswerLevel level, long nanos) {
        RouteTimers timers = routes.get(route);
        if (timers == null) {
            timers = routes.computeIfAbsent(route, RouteTimers::new);
        }
        timers.of(level, status).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** One route's Timers by level and status, made on first use (concurrent makers get the registry's one). */
    private final class RouteTimers {

        private final String route;
        private final AtomicReferenceArray<Timer> timers = new AtomicReferenceArray<>(
                AnswerLevel.values().length * STATUSES);

        RouteTimers(String route) {
            this.route = route;
        }

        Timer of(AnswerLevel level, int status) {
            // Vert.x writes statuses in 100..599 only; anything else would be a bug of ours, counted as one.
            int known = status >= LOWEST_STATUS && status < LOWEST_STATUS + STATUSES ? status : 500;
            int index = level.ordinal() * STATUSES + known - LOWEST_STATUS;
            Timer timer = timers.get(index);
            if (timer == null) {
                timer = make(level, known);
                timers.set(index, timer);
            }
            return timer;
        }

        private Timer make(AnswerLevel level, int status) {
            return Timer.builder(NAME).description(HELP)
                    .tags("route", route, "status", Integer.toString(status), "level", level.label())
                    .serviceLevelObjectives(SLO_BOUNDS)
                    .register(registry);
        }
    }

    private static Duration[] millis(long... bounds) {
        Duration[] durations = new Duration[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            durations[i] = Duration.ofMillis(bounds[i]);
        }
        return durations;
    }
}
