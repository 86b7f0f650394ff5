package tme.api.http;

import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import tme.api.metrics.BuildInfo;
import tme.api.metrics.Readiness;
import tme.api.metrics.Telemetry;

/**
 * The operator's routes, never cached by the edge: {@code /healthz} (the process serves), {@code /readyz} (it
 * should get traffic, and how well it can serve) and {@code /metrics} (Prometheus, scraped on the worker pool:
 * reading every counter takes locks the event loop should not wait for).
 */
final class OpsHandlers {

    /** {@code {"status":"ok","version":"0.1.0"}}: the same bytes for the process's life. */
    private static final byte[] ALIVE = new JsonObject().put("status", "ok").put("version", BuildInfo.version())
            .toBuffer().getBytes();

    private final Telemetry telemetry;
    private final WorkerExecutor workers;

    OpsHandlers(Telemetry telemetry, WorkerExecutor workers) {
        this.telemetry = telemetry;
        this.workers = workers;
    }

    /** 200 for as long as the process answers at all, starting and stopping included; with the build's version. */
    void healthz(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        Responses.json(ctx, ALIVE);
    }

    /** 200 while serving (degraded included: Redis down, t.me cooling down); 503 starting or stopping. */
    void readyz(RoutingContext ctx) {
        Readiness.Report report = telemetry.readiness().report();
        ctx.response().setStatusCode(report.status()).putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        Responses.json(ctx, report.body().toBuffer().getBytes());
    }

    void metrics(RoutingContext ctx) {
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        workers.executeBlocking(() -> telemetry.scrape(accept), false).onComplete(scraped -> {
            if (scraped.failed()) {
                ctx.fail(scraped.cause());
            } else if (!ctx.response().closed()) {
                ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                        .putHeader(HttpHeaders.CONTENT_TYPE, scraped.result().contentType());
                Responses.end(ctx, Buffer.buffer(scraped.result().text()));
            }
        });
    }
}
