package tme.api;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import tme.api.http.ConnectionBounds;
import tme.api.http.HitsAhead;

/**
 * The HTTP server on one event loop: its own router over the services every instance shares. Deployed
 * {@code EVENT_LOOPS} times; the instances listen on one port and Vert.x hands each new connection to the next
 * instance in turn, so every loop serves connections. An HTTP server created outside a verticle would run all of
 * them on one loop.
 */
final class ApiVerticle extends VerticleBase {

    private final Function<io.vertx.core.Vertx, Router> routers;
    private final HttpServerOptions options;
    private final int port;
    private final Duration shutdownGrace;
    // Requests this instance routed: shows in /metrics that every loop carries connections.
    private final LongAdder requests;
    private final Handler<HttpServerRequest> invalidRequests;
    private final ConnectionBounds connections;
    private HttpServer server;
    private Router router;

    /**
     * @param port          the port to share; a negative one is a random port shared by the instances (Vert.x)
     * @param shutdownGrace   how long requests in flight may take to finish when the server stops
     * @param invalidRequests answers what the HTTP decoder refused, before any route
     * @param connections     the caps and deadlines every connection of every instance is held to
     */
    ApiVerticle(Function<io.vertx.core.Vertx, Router> routers, HttpServerOptions options, int port,
                Duration shutdownGrace, LongAdder requests, Handler<HttpServerRequest> invalidRequests,
                ConnectionBounds connections) {
        this.routers = routers;
        this.options = options;
        this.port = port;
        this.shutdownGrace = shutdownGrace;
        this.requests = requests;
        this.invalidRequests = invalidRequests;
        this.connections = connections;
    }

    @Override
    public Future<?> start() {
        // Building the router and binding the server load and initialise much of vertx-web, Netty's server and our
        // handlers: seconds on a busy machine at start, so on a worker, not this loop. This verticle's context stays
        // the current one there, so the server's connections and what the routes set up for their loop (the access
        // log's hand-over timer) are this loop's.
        return vertx.executeBlocking(this::listen).compose(listening -> listening);
    }

    private Future<HttpServer> listen() {
        router = routers.apply(vertx);
        Handler<HttpServerRequest> entry = HitsAhead.entry(router); // hits first, then the router
        server = vertx.createHttpServer(options)
                .requestHandler(request -> {
                    requests.increment();
                    entry.handle(request);
                })
                .invalidRequestHandler(invalidRequests)
                .connectionHandler(connection -> connections.accept(connection, options));
        return server.listen(port, options.getHost()); // listen(port) alone would take every interface (0.0.0.0)
    }

    /** Stops accepting and lets requests in flight finish (a deploy, a scale-down: SIGTERM closes Vert.x). */
    @Override
    public Future<?> stop() {
        return server.shutdown(shutdownGrace.toMillis(), TimeUnit.MILLISECONDS);
    }

    HttpServer server() {
        return server;
    }

    /** The router this instance serves: tests read its routes to compare them with the OpenAPI document. */
    Router router() {
        return router;
    }
}
