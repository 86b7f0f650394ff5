package tme.api.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tme.api.metrics.RouteTemplates;
import tme.api.metrics.Telemetry;

/**
 * What happens to every request before a route sees it, built once and shared by every event loop's router: its id,
 * timing and access log line ({@link RequestStart}, first), who it is from ({@link ClientAddresses}),
 * and, with {@code CLIENT_RATE} set, the per-client limit ({@link ClientLimits}, after CORS). Owns the access log's
 * writer thread: {@link #stop()} stops it.
 */
public final class RequestPipeline {

    private final InstantSource clock;
    private final ClientAddresses clients;
    private final Optional<ClientLimits> limits;
    private final Optional<AccessLog> log;

    private RequestPipeline(InstantSource clock, ClientAddresses clients, Optional<ClientLimits> limits,
                            Optional<AccessLog> log) {
        this.clock = clock;
        this.clients = clients;
        this.limits = limits;
        this.log = log;
    }

    /** With {@code ACCESS_LOG} on, lines go to {@code sink} (standard output in production) from a thread started here. */
    public static RequestPipeline create(RequestsConfig config, InstantSource clock, AccessLog.Sink sink) {
        ClientAddresses clients = new ClientAddresses(config.trustedProxies());
        Optional<AccessLog> log = config.accessLog()
                ? Optional.of(AccessLog.start(sink, AccessLog.DEFAULT_CAPACITY)) : Optional.empty();
        Optional<ClientLimits> limits = config.clientLimited()
                ? Optional.of(new ClientLimits(clients, clock, config.clientRate(), config.clientBurst()))
                : Optional.empty();
        return new RequestPipeline(clock, clients, limits, log);
    }

    /**
     * The first handler of a router, and the end of its requests: it times them in {@code telemetry}, names a failed request's route from {@code templates}, and
     * gathers the lines of the loop it is called on (the router's: {@code Routes} makes it in the verticle's start).
     */
    RequestStart start(Vertx vertx, RouteTemplates templates, Telemetry telemetry) {
        LoopLines lines = log.map(writer -> writer.forThisLoop(vertx)).orElse(null);
        return new RequestStart(clock, clients, log.orElse(null), lines, templates, telemetry);
    }

    /** The per-client limit, when {@code CLIENT_RATE} is set, sparing the paths {@code table} exempts; after CORS. */
    Optional<Handler<RoutingContext>> limits(RouteTable table) {
        return limits.map(limit -> limit.sparing(table::exempt));
    }

    /** For the HTTP server's requests the decoder refused: the problem shape, an id, a log line. */
    public Handler<HttpServerRequest> invalidRequests() {
        return new InvalidRequests(new RequestStart(clock, clients, log.orElse(null), null, RouteTemplates.NONE, null));
    }

    /**
     * {@code http.access_log.*} and {@code clients.*}, for {@code GET /metrics}; zeros for a part that is off, so
     * the names are the same on every server.
     */
    public Map<String, Long> counters() {
        Map<String, Long> all = new HashMap<>(Map.of("http.access_log.lines", 0L, "http.access_log.dropped", 0L,
                "http.access_log.failed", 0L, "clients.limited", 0L, "clients.tracked", 0L));
        log.ifPresent(writer -> all.putAll(writer.counters()));
        limits.ifPresent(limit -> all.putAll(limit.counters()));
        return all;
    }

    /** Stops the access log once the loops have handed over their last lines ({@link AccessLog#stop()}). */
    public CompletionStage<Void> stop() {
        return log.map(AccessLog::stop).orElse(CompletableFuture.completedFuture(null));
    }

    /** Who each request is from, as the per-client limit and the access log name it (the SSE streams' limit too). */
    public ClientAddresses clients() {
        return clients;
    }

    /**
     * Who {@code ctx} is from, as the upstream gate shares its turns and budget between clients: the address
     * {@link ClientAddresses} names, an IPv6 one by its /64 as the client limit keys it. Public for the GraphQL front.
     */
    public String client(RoutingContext ctx) {
        return ClientLimits.key(clients.of(ctx));
    }

    /** As {@link #client(RoutingContext)} for a request answered ahead of the router ({@link HitsAhead}). */
    String client(HttpServerRequest request) {
        return ClientLimits.key(clients.of(request));
    }
}
