package tme.api.http;

import io.netty.util.concurrent.FastThreadLocal;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.List;
import tme.api.metrics.Telemetry;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.Answer;

/**
 * The routes of stored answers, answered before the router: a hit is the service's cached bytes and a few headers,
 * and the router's share of it (a routing context, the walk through the pipeline's handlers, route matching, the
 * end-handler lists, query parsing) was the largest fixed cost per hit left ({@code bench/load/cpu.sh}, docs/performance.md).
 *
 * <p>Nothing here is a second copy of the rules: the routes, their templates and what they answer are read from the
 * one routing table ({@link Routes}), whose stored-answer routes carry their {@link StoredRead} as route metadata, and
 * whose pipeline handlers say what they do that this class does too ({@link #DONE_AHEAD}: the request's timing, its
 * id and access log line, CORS, which adds nothing to a request without {@code Origin}). A route is answered here
 * only if no route before it in the table could take the same path and every handler before it is one of those; a
 * per-client limit ({@code CLIENT_RATE}) is not, so with it every request goes through the router.
 *
 * <p>Taken here: a GET or HEAD of a plain path ({@link PathTemplate}) matching such a route, with no query and no
 * {@code Origin} header (a browser's cross-origin request gets the router's CORS handling), whose answer is there
 * at once (a hit, or a problem with its input); one that waits for a load goes on through the router with the answer
 * it already asked for ({@link #handOver}). Everything else, and every route without a read, goes to the router as
 * it is. What a request answered here gets is what the router
 * would give it: the same handler code ({@link Responses}) writes its answer and problems, and it is timed,
 * logged and given its {@code X-Request-Id} under its route's template, as the pipeline does.
 */
public final class HitsAhead implements Handler<HttpServerRequest> {

    /** Router metadata: the entry point for the router's server ({@link #entry}). */
    static final String METADATA = "tme.hitsAhead";
    /** Route metadata on a pipeline handler: what of it a request answered here gets too. */
    static final String DONE_AHEAD = "tme.doneAhead";

    private static final System.Logger LOG = System.getLogger(HitsAhead.class.getName());

    private record Read(PathTemplate template, String route, StoredRead read) {}

    private final Router router;
    private final List<Read> reads;
    private final RequestStart start;
    private final Telemetry telemetry;
    private final Responses responses;

    private HitsAhead(Router router, List<Read> reads, RequestStart start, Telemetry telemetry, Responses responses) {
        this.router = router;
        this.reads = reads;
        this.start = start;
        this.telemetry = telemetry;
        this.responses = responses;
    }

    /** Reads {@code router}'s table (complete by now) and puts the result on it: see {@link #entry}. */
    static void install(Router router, RequestStart start, Telemetry telemetry, Responses responses) {
        router.putMetadata(METADATA, new HitsAhead(router, readsAhead(router), start, telemetry, responses));
    }

    /** What a server should hand its requests to: the router's {@link HitsAhead} if it has one, else the router. */
    public static Handler<HttpServerRequest> entry(Router router) {
        Handler<HttpServerRequest> ahead = router.getMetadata(METADATA);
        return ahead == null ? router : ahead;
    }

    /** The templates of the routes answered here, in the table's order (for tests). */
    public List<String> routes() {
        return reads.stream().map(Read::route).toList();
    }

    /** The routes with a read that nothing before them in the table stands in front of, in the table's order. */
    private static List<Read> readsAhead(Router router) {
        List<Read> reads = new ArrayList<>();
        List<Route> before = new ArrayList<>();
        for (Route route : router.getRoutes()) {
            if (route.getPath() == null && route.getMetadata(DONE_AHEAD) == null) {
                break; // a handler of every request (or a regular expression) this class does not stand in for
            }
            StoredRead read = route.getMetadata(StoredRead.METADATA);
            if (read != null && route.getPath() != null && !prefix(route)) {
                PathTemplate template = PathTemplate.of(route.getPath());
                if (before.stream().noneMatch(earlier -> template.overlaps(earlier.getPath(), prefix(earlier)))) {
                    reads.add(new Read(template, route.getPath(), read));
                }
            }
            if (route.getPath() != null) {
                before.add(route);
            }
        }
        return List.copyOf(reads);
    }

    /** A route of every path under its own ({@code /docs*}): Vert.x keeps the path without the star, as not exact. */
    private static boolean prefix(Route route) {
        return !route.isExactPath() && !route.getPath().contains(":");
    }

    @Override
    public void handle(HttpServerRequest request) {
        HttpMethod method = request.method();
        if ((method == HttpMethod.GET || method == HttpMethod.HEAD) && !request.headers().contains(HttpHeaders.ORIGIN)) {
            String uri = request.uri();
            for (Read read : reads) {
                String[] values = read.template().match(uri);
                if (values != null) {
                    answer(request, read, values);
                    return;
                }
            }
        }
        router.handle(request);
    }

    private void answer(HttpServerRequest request, Read read, String[] values) {
        long began = System.nanoTime();
        Future<Answer> answer;
        try {
            answer = read.read().answer(new StoredRead.Params() {
                @Override
                public String path(String name) {
                    return read.template().value(values, name);
                }

                @Override
                public String query(String name) {
                    return null; // a request with a query goes to the router
                }
            });
        } catch (InvalidInput invalid) {
            answer = Future.failedFuture(invalid);
        }
        if (!answer.isComplete()) {
            handOver(request, answer); // a load: the router's way, with the answer already asked for
            return;
        }
        String id = start.id(request);
        HttpServerResponse response = request.response();
        response.headers().add(RequestIds.HEADER, id);
        Ending ending = new Ending(request, read.route(), id, began);
        response.endHandler(ending);
        responses.send(request, answer, cause -> failed(request, cause));
        if (!response.ended()) {
            // A copy still to be made on the workers (a first hit): the connection may close first.
            if (response.closed()) {
                ending.handle(null);
            } else {
                response.closeHandler(ending);
            }
        }
    }

    /**
     * Routes {@code request} with the answer its route's read already gave: the route's handler takes it
     * ({@link #handedOver}) instead of asking the service again, so nothing is asked or counted twice. The router
     * reaches a GET route's handler within {@code handle} (no handler before it waits), on this thread.
     */
    private void handOver(HttpServerRequest request, Future<Answer> answer) {
        Pending pending = PENDING.get();
        pending.response = request.response(); // the router wraps the request, not its response
        pending.answer = answer;
        try {
            router.handle(request);
        } finally {
            pending.response = null;
            pending.answer = null;
        }
    }

    /** The answer {@link #handOver} gave for {@code request}, once, or null: ask the service. */
    static Future<Answer> handedOver(HttpServerRequest request) {
        Pending pending = PENDING.get();
        if (pending.response != request.response()) {
            return null;
        }
        Future<Answer> answer = pending.answer;
        pending.response = null;
        pending.answer = null;
        return answer;
    }

    /** This loop thread's answer being handed to the router (confined to the thread). */
    private static final class Pending {
        private HttpServerResponse response;
        private Future<Answer> answer;
    }

    private static final FastThreadLocal<Pending> PENDING = new FastThreadLocal<>() {
        @Override
        protected Pending initialValue() {
            return new Pending();
        }
    };

    /**
     * A request's timing and access log line, once: when its answer has been sent (the end handler; for a hit,
     * within {@code end}), or when its connection closed (not ended: a 499), as the router's end handlers count it.
     */
    private final class Ending implements Handler<Void> {

        private final HttpServerRequest request;
        private final String route;
        private final String id;
        private final long began;
        private boolean done; // on the request's loop only

        Ending(HttpServerRequest request, String route, String id, long began) {
            this.request = request;
            this.route = route;
            this.id = id;
            this.began = began;
        }

        @Override
        public void handle(Void ignored) {
            if (done) {
                return;
            }
            done = true;
            HttpServerResponse response = request.response();
            boolean completed = response.ended();
            telemetry.recordRequest(route, completed ? response.getStatusCode() : AccessLine.CLIENT_CLOSED,
                    response.headers().get(Responses.X_CACHE), System.nanoTime() - began);
            start.loggedAhead(request, id, began, completed, route);
        }
    }

    /** As the router's failure handler: a problem the input named, else a bug, logged, and a 500. */
    private static void failed(HttpServerRequest request, Throwable cause) {
        if (cause instanceof InvalidInput invalid) {
            Responses.problem(request, invalid.problem());
        } else {
            LOG.log(System.Logger.Level.ERROR, "Unhandled failure on " + request.path(), cause);
            Responses.problem(request, Problem.internal());
        }
    }
}
