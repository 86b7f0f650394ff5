package tme.api.http;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Function;
import tme.api.problem.InvalidInput;
import tme.api.service.Answer;

/**
 * The routes of stored answers, answered before the router: a hit is the service's cached bytes and a few headers,
 * and the router's share of it (a routing context, the walk through the pipeline's handlers and the routes, the
 * end-handler lists) was the largest fixed cost per hit left ({@code bench/load/cpu.sh}, docs/performance.md).
 *
 * <p>Nothing here is a second copy of the rules: the routes, their templates and what they answer are the route
 * table's stored reads ({@link RouteTable#ahead}, {@link RouteSpec.Kind#STORED}), and the router's pipeline handlers
 * say what they do that this class does too ({@link #DONE_AHEAD}: the request's timing, its
 * id and access log line, CORS, which adds nothing to a request without {@code Origin}). A route is answered here
 * only if no route before it in the table could take the same path and every handler before it is one of those; a
 * per-client limit ({@code CLIENT_RATE}) is not, so with it every request goes through the router.
 *
 * <p>Taken here: a GET or HEAD of a plain path ({@link PathTemplate}) matching such a route, with no query and no
 * {@code Origin} header (a browser's cross-origin request gets the router's CORS handling). Everything else goes to the
 * router as it is, but for a feed request the router resolved before ({@link Feeds}, {@link ResolvedFeeds}: the same
 * URI, {@code Accept} and origin): a feed reader polling its URL is answered here from its second request on, a
 * third of a feed hit's cost less between other requests (docs/performance.md, section 17). A request taken here
 * gets what the router would give it: the same code ({@link StoredRead}, {@link ResolvedFeeds.Resolved},
 * {@link Responses}, {@link Routes#failure}) answers it, a hit or a load, and it is timed, logged and given its
 * {@code X-Request-Id} under its route's template, as the pipeline does.
 */
public final class HitsAhead implements Handler<HttpServerRequest> {

    /** Router metadata: the entry point for the router's server ({@link #entry}). */
    static final String METADATA = "tme.hitsAhead";
    /** Route metadata on a pipeline handler: what of it a request answered here gets too. */
    static final String DONE_AHEAD = "tme.doneAhead";

    private record Read(PathTemplate template, String route, StoredRead read) {}

    private final Router router;
    private final List<Read> reads;
    private final RequestStart start;
    private final Function<HttpServerRequest, String> clients;
    private final Responses responses;
    private final LongAdder answered;
    private final RequestClock clock;
    private final Feeds feeds;

    private HitsAhead(Router router, List<Read> reads, Parts parts) {
        this.router = router;
        this.reads = reads;
        this.start = parts.start();
        this.clients = parts.clients();
        this.responses = parts.responses();
        this.answered = parts.answered();
        this.clock = parts.clock();
        this.feeds = parts.feeds();
    }

    /**
     * What a request answered here needs of the pipeline and the handlers: its id, timing and line ({@code start}),
     * who it is from, the code that writes answers, and the count of requests answered here
     * ({@code http.requests.ahead}, every loop's together), the clock it reads once ({@link RequestClock}), and
     * the feeds resolved before.
     */
    record Parts(RequestStart start, Function<HttpServerRequest, String> clients, Responses responses,
                 LongAdder answered, RequestClock clock, Feeds feeds) {}

    /**
     * Feed requests the router resolved before ({@link ResolvedFeeds}): their route, URI, {@code Accept} and origin
     * are what a feed depends on, so the same request again is answered here, as the route answers it.
     */
    interface Feeds {

        /** {@code request}'s feed if the router resolved this request before, else null. */
        ResolvedFeeds.Resolved resolvedBefore(HttpServerRequest request);

        /** Sends {@code feed} to {@code request} from {@code client}; a failed answer (a bug) goes to {@code fail}. */
        void sendFeed(HttpServerRequest request, ResolvedFeeds.Resolved feed, String client, Handler<Throwable> fail);
    }

    /** Puts on {@code router} the dispatch of {@code table}'s stored reads ahead of it: see {@link #entry}. */
    static void install(Router router, RouteTable table, Parts parts) {
        router.putMetadata(METADATA, new HitsAhead(router, readsAhead(router, table), parts));
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

    /**
     * The table's stored reads that no row before them stands in front of ({@link RouteTable#ahead}), if every
     * handler of every request the router runs before its routes is one whose work is done here too.
     */
    private static List<Read> readsAhead(Router router, RouteTable table) {
        for (Route route : router.getRoutes()) {
            if (route.getPath() != null) {
                break; // the table's rows: the pipeline is over
            }
            if (route.getMetadata(DONE_AHEAD) == null) {
                return List.of(); // a handler of every request (the client limit) this class does not stand in for
            }
        }
        return table.ahead().stream()
                .map(spec -> new Read(table.template(spec), spec.template(), spec.read())).toList();
    }

    @Override
    public void handle(HttpServerRequest request) {
        HttpMethod method = request.method();
        if ((method == HttpMethod.GET || method == HttpMethod.HEAD) && !request.headers().contains(HttpHeaders.ORIGIN)
                && !reads.isEmpty()) { // none: a handler of every request (the client limit) goes first
            String uri = request.uri();
            for (Read read : reads) {
                String[] values = read.template().match(uri);
                if (values != null) {
                    answer(request, read.route(), fail -> responses.send(request, read(request, read, values), fail));
                    return;
                }
            }
            ResolvedFeeds.Resolved feed = feeds.resolvedBefore(request);
            if (feed != null) {
                answer(request, feed.route(), fail -> feeds.sendFeed(request, feed, clients.apply(request), fail));
                return;
            }
        }
        router.handle(request);
    }

    /** Answers {@code request} of {@code route} with what {@code send} sends, timed and logged as the router does. */
    private void answer(HttpServerRequest request, String route, Consumer<Handler<Throwable>> send) {
        clock.pin();
        try {
            long began = System.nanoTime();
            answered.increment();
            CharSequence id = start.id(request);
            HttpServerResponse response = request.response();
            response.headers().add(RequestIds.HEADER, id);
            Ending ending = new Ending(request, route, id, began);
            response.endHandler(ending);
            send.accept(cause -> Routes.failure(request, cause));
            if (!response.ended()) {
                // A load, or a copy still to be made on the workers (a first hit): the connection may close first.
                if (response.closed()) {
                    ending.handle(null);
                } else {
                    response.closeHandler(ending);
                }
            }
        } finally {
            clock.unpin();
        }
    }

    /** The route's read of the matched path; a problem with the input is its failed answer (a 422, as routed). */
    private Future<Answer> read(HttpServerRequest request, Read read, String[] values) {
        try {
            return read.read().answer(new StoredRead.Params() {
                @Override
                public String path(String name) {
                    return read.template().value(values, name);
                }

                @Override
                public String query(String name) {
                    return null; // a request with a query goes to the router
                }

                @Override
                public String client() {
                    return clients.apply(request);
                }
            });
        } catch (InvalidInput invalid) {
            return Future.failedFuture(invalid);
        }
    }

    /**
     * A request's end ({@link RequestStart#finish}: its timing and access log line, as a routed one's), once: when its
     * answer has been sent (the end handler; for a hit, within {@code end}), or when its connection closed first (a
     * 499), as the router's end handlers count it.
     */
    private final class Ending implements Handler<Void> {

        private final HttpServerRequest request;
        private final String route;
        private final CharSequence id;
        private final long began;
        private boolean done; // on the request's loop only

        Ending(HttpServerRequest request, String route, CharSequence id, long began) {
            this.request = request;
            this.route = route;
            this.id = id;
            this.began = began;
        }

        @Override
        public void handle(Void ignored) {
            if (!done) {
                done = true;
                start.finish(request, id, began, request.response().ended(), route, null);
            }
        }
    }
}
