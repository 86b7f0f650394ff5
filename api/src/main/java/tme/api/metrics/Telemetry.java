package tme.api.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The server's one Micrometer registry (Prometheus) and what feeds it: the modules' counters, gathered and read
 * at scrape time ({@link CounterMeters}); every request, timed when it ends ({@link #recordRequest}), long-lived
 * ones apart ({@link StreamMeters}); the build's version; the JVM's memory, GC, threads, CPU and file descriptors. Also carries the {@link Readiness} that {@code /readyz} reports.
 */
public final class Telemetry implements AutoCloseable {

    /** The request's data key a handler sets when its answer becomes long-lived ({@link #markStream}). */
    private static final String STREAM = "tme.metrics.stream";

    /** A scrape: the exposition format's content type and the text. */
    public record Scrape(String contentType, String text) {}

    /** The Prometheus text format, for any client that does not ask for OpenMetrics. */
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    /** OpenMetrics 1.0, which Prometheus itself asks for first. */
    public static final String OPENMETRICS_TEXT = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private final PrometheusMeterRegistry registry =
            JvmMeters.lintClean(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    private final CounterMeters counters = new CounterMeters(registry, MeterTable.standard());
    private final RequestMeters requests = new RequestMeters(registry);
    private final StreamMeters streams = new StreamMeters(registry);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Readiness readiness;

    public Telemetry(Readiness readiness) {
        this.readiness = readiness;
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        // Prometheus' convention for what a process is: 1, with the facts as labels (joined to other series by instance).
        Gauge.builder("tme.build.info", () -> 1).description("The build this server runs: its version as a label")
                .tag("version", BuildInfo.version()).strongReference(true).register(registry);
    }

    /** Serves {@code source}'s counters (a module's {@code counters()}) from now on, under their Prometheus names. */
    public Telemetry gather(Supplier<? extends Map<String, Long>> source) {
        counters.gather(source);
        return this;
    }

    /**
     * Marks {@code ctx}'s answer as long-lived (an SSE stream, a media file relayed): when it ends it is recorded in
     * {@code tme_stream_seconds}, by route, not in {@code tme_http_requests_seconds}. Call it once the stream is
     * accepted: a stream refused at once is an ordinary answer.
     */
    public static void markStream(RoutingContext ctx) {
        ctx.put(STREAM, Boolean.TRUE);
    }

    /** Whether {@code ctx}'s answer was marked a stream ({@link #markStream}). */
    public static boolean isStream(RoutingContext ctx) {
        return ctx.get(STREAM) != null;
    }

    /** Declares routes whose answers may be streams: their {@code tme_stream_seconds} series exist from now on. */
    public Telemetry streamRoutes(String... templates) {
        for (String template : templates) {
            streams.declare(template);
        }
        return this;
    }

    /**
     * Records one request's answer by route template ({@link RouteTemplates#OTHER} for no route), status and the
     * level its {@code X-Cache} names; {@code startedAt} is {@link System#nanoTime} when it came in (its end is read
     * here). Called once per request by the one end of every request ({@code tme.api.http.RequestStart}).
     */
    public void recordRequest(String route, int status, String xCache, long startedAt) {
        requests.record(route, status, AnswerLevel.of(xCache), startedAt);
    }

    /** Records one stream's life ({@link #markStream}) by route template; {@code startedAt} as for a request. */
    public void recordStream(String route, long startedAt) {
        streams.record(route, startedAt);
    }

    /**
     * Every series now, in OpenMetrics when {@code accept} asks for it (Prometheus does), else in the Prometheus
     * text format 0.0.4. Reads every source once: call it off the event loop.
     */
    public Scrape scrape(String accept) {
        String contentType = accept != null && accept.contains("application/openmetrics-text")
                ? OPENMETRICS_TEXT
                : PROMETHEUS_TEXT;
        counters.read();
        return new Scrape(contentType, registry.scrape(contentType));
    }

    public Readiness readiness() {
        return readiness;
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
