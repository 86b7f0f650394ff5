package tme.api.metrics;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * Lets the benchmarks ({@code tme.bench}) measure the server's own request meters, which are package-private in the
 * api: lives in the bench module, in the api's package, like {@code tme.api.http.BenchAccess}.
 */
public final class MetricsBenchAccess {

    /** What the end handler of every request does once Vert.x calls it, after reading the response. */
    public interface Recorder {
        /** {@code startedAt}: {@link System#nanoTime} when the request came in. */
        void record(String route, int status, String xCache, long startedAt);

        /** Requests recorded in one series so far. */
        long count(String route, int status, String xCache);
    }

    private MetricsBenchAccess() {}

    /** {@link RequestMeters} on a registry of their own, as {@link RequestTiming} calls them. */
    public static Recorder requestMeters(PrometheusMeterRegistry registry) {
        RequestMeters meters = new RequestMeters(registry);
        return new Recorder() {
            @Override
            public void record(String route, int status, String xCache, long startedAt) {
                meters.record(route, status, AnswerLevel.of(xCache), startedAt);
            }

            @Override
            public long count(String route, int status, String xCache) {
                return meters.count(route, status, AnswerLevel.of(xCache));
            }
        };
    }

    public static PrometheusMeterRegistry registry() {
        return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    }
}
