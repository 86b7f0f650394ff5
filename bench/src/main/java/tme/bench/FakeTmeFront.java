package tme.bench;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.PoolOptions;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import tme.scraper.testing.FakeTme;

/**
 * The fake t.me of the load run on a port the script chooses, with control routes:
 * <ul>
 *   <li>{@code GET /__hits} answers {@code {"upstream_requests":N,"distinct_uris":M,"stalled":S}}: requests that
 *       reached the fake t.me, counted on arrival, how many different URIs they asked for ({@code N - M} is how
 *       often a URI was loaded again), and how many of them arrived while t.me was stalled; with
 *       {@code ?uri=/s/durov}, {@code {"uri":"/s/durov","requests":N}}: the GETs of that one URI (the cold burst
 *       counts its channel's page alone, whatever else is refreshed meanwhile);</li>
 *   <li>{@code POST /__reset} zeroes the three;</li>
 *   <li>{@code POST /__stall}: from now on t.me never answers: every request is accepted, counted and left
 *       open until the client gives up (the way t.me stalls: the TCP connection is fine, no answer comes), and
 *       from then on every channel name is served as {@code durov} ({@link FakeTme#anyChannelAs}), so a miss
 *       for a channel nobody asked before is a real channel that t.me is slow to show, not t.me's redirect for
 *       an unknown name, and it loads for real once t.me answers again;</li>
 *   <li>{@code POST /__unstall}: t.me answers again; requests that arrived during the stall stay unanswered;</li>
 *   <li>{@code POST /__fail?status=500} (or 429, with {@code Retry-After: 2}): from now on every request is answered
 *       at once with that status, as a failing or throttling t.me does; {@code POST /__heal} ends it (the soak run
 *       makes t.me flap with these);</li>
 *   <li>{@code POST /__publish?channel=durov&text=...}: t.me shows a new post at the end of the channel's page
 *       ({@link FakeTme#publish}: a copy of its newest post with the next id and this text), as the demo does every
 *       few seconds so push has something to show; answers {@code {"id":N}}, the new post's id;</li>
 *   <li>{@code POST /__edit?channel=durov&id=N&text=...}: post N shows this text and t.me's "edited" mark from now on
 *       ({@link FakeTme#edit}); {@code POST /__delete?channel=durov&id=N}: post N is gone from the pages
 *       ({@link FakeTme#delete}), so the demo can show {@code event: edited} and {@code event: deleted};</li>
 *   <li>{@code POST /__any_channel}: from now on every channel name without a recording is served as {@code durov}
 *       (as during a stall), so a benchmark can ask for as many distinct real channels as it wants (the Zipf mix
 *       of {@code run.sh compare}, a cold burst for a channel nobody asked before).</li>
 * </ul>
 * Every other request is passed on as it is to a {@link FakeTme} on an ephemeral port. The hop costs a
 * fraction of a millisecond and only misses take it; it keeps the test fake (port 0, no control routes)
 * unchanged. The stall is held here rather than with {@link FakeTme#hang()}: a hang can only be undone by
 * {@link FakeTme#reset()}, which also drops the delay and the counts, and each request hung behind the hop would
 * keep one of the front's pooled connections to the fake busy for good once the server in front gave up on it.
 */
public final class FakeTmeFront implements AutoCloseable {

    // Per-connection headers: the two hops each set their own.
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "transfer-encoding",
            "content-length", "host");
    private static final int CONNECTIONS = 64;

    private final Vertx vertx;
    private final FakeTme fake;
    private final HttpClient client;
    // "METHOD uri" of every request since the start or the last reset, and how many times it came; grows with the
    // request mix, a few thousand keys at most.
    private final Map<String, LongAdder> uris = new ConcurrentHashMap<>();
    private final LongAdder arrived = new LongAdder(); // requests for t.me since the start or the last reset
    private final LongAdder stalledArrivals = new LongAdder(); // of which arrived while stalled
    private volatile boolean stalled; // set and cleared by the control routes, read by every request
    private volatile int failingWith; // 0: answer; else every request gets this status at once
    private HttpServer server;

    private FakeTmeFront(Vertx vertx, FakeTme fake) {
        this.vertx = vertx;
        this.fake = fake;
        this.client = vertx.createHttpClient(new HttpClientOptions()
                        .setDefaultHost("127.0.0.1").setDefaultPort(fake.baseUrl().getPort()).setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(CONNECTIONS));
    }

    /** Starts the fake and the front on 127.0.0.1:{@code port} (0: any free port); blocks until both listen. */
    public static FakeTmeFront start(Vertx vertx, int port, Duration delayPerRequest) {
        FakeTme fake = FakeTme.start(vertx);
        if (delayPerRequest.isPositive()) {
            fake.delay(delayPerRequest);
        }
        FakeTmeFront front = new FakeTmeFront(vertx, fake);
        front.server = await(vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(port))
                .requestHandler(front::handle)
                .listen());
        return front;
    }

    public int port() {
        return server.actualPort();
    }

    /** Requests that reached the fake t.me since the start or the last reset (stalled ones included). */
    public long upstreamRequests() {
        return arrived.sum();
    }

    /** Requests that arrived while t.me was stalled, since the start or the last reset. */
    public long stalledRequests() {
        return stalledArrivals.sum();
    }

    /** From now on, every request is left unanswered, and every channel name is (and stays) {@code durov}'s page. */
    public void stall() {
        fake.anyChannelAs("durov");
        stalled = true;
    }

    /** Every request from now on answered at once with {@code status} (429: with {@code Retry-After: 2}); 0: answer. */
    public void failWith(int status) {
        failingWith = status;
    }

    private static void fail(HttpServerResponse response, int status) {
        if (status == 429) {
            response.putHeader("retry-after", "2");
        }
        response.setStatusCode(status).putHeader("content-type", "text/plain").end("fake t.me front: failing");
    }

    /** t.me answers again (any channel name still gets {@code durov}'s page). */
    public void unstall() {
        stalled = false;
    }

    /** From now on every channel name without a recording is {@code durov}'s page under that name. */
    public void anyChannelIsReal() {
        fake.anyChannelAs("durov");
    }

    /** Different URIs among them. */
    public int distinctUris() {
        return uris.size();
    }

    @Override
    public void close() {
        await(server.close());
        fake.close();
        await(client.close());
    }

    private void handle(HttpServerRequest request) {
        switch (request.path()) {
            case "/__hits" -> request.response().putHeader("content-type", "application/json").end(hits(request));
            case "/__reset" -> control(request, () -> {
                fake.resetHits();
                uris.clear();
                arrived.reset();
                stalledArrivals.reset();
            });
            case "/__stall" -> control(request, this::stall);
            case "/__unstall" -> control(request, this::unstall);
            case "/__any_channel" -> control(request, this::anyChannelIsReal);
            case "/__fail" -> control(request, () -> failWith(Integer.parseInt(request.getParam("status", "500"))));
            case "/__heal" -> control(request, () -> failWith(0));
            case "/__publish" -> published(request);
            case "/__edit" -> control(request, () -> fake.edit(request.getParam("channel", "durov"), id(request),
                    request.getParam("text", "An edited post")));
            case "/__delete" -> control(request, () -> fake.delete(request.getParam("channel", "durov"), id(request)));
            default -> arrive(request);
        }
    }

    private String hits(HttpServerRequest request) {
        String uri = request.getParam("uri");
        if (uri != null) {
            LongAdder count = uris.get("GET " + uri);
            return "{\"uri\":\"" + uri.replace("\\", "\\\\").replace("\"", "\\\"") + "\",\"requests\":"
                    + (count == null ? 0 : count.sum()) + "}";
        }
        return "{\"upstream_requests\":" + arrived.sum() + ",\"distinct_uris\":" + uris.size() + ",\"stalled\":"
                + stalledArrivals.sum() + "}";
    }

    /** Publishes {@code text} to {@code channel}; answers the new post's id. */
    public int publish(String channel, String text) {
        return fake.publish(channel, text);
    }

    /** From now on a page shows only the newest {@code posts} published, as t.me's page shows about 20. */
    public void showPublished(int posts) {
        fake.showPublished(posts);
    }

    private void published(HttpServerRequest request) {
        if (request.method() != HttpMethod.POST) {
            request.response().setStatusCode(405).putHeader("allow", "POST").end();
            return;
        }
        int id = publish(request.getParam("channel", "durov"), request.getParam("text", "A new post"));
        request.response().putHeader("content-type", "application/json").end("{\"id\":" + id + "}");
    }

    /** The {@code id} a knob names (the newest recorded durov post when none is given). */
    private static int id(HttpServerRequest request) {
        return Integer.parseInt(request.getParam("id", "502"));
    }

    private static void control(HttpServerRequest request, Runnable action) {
        if (request.method() != HttpMethod.POST) {
            request.response().setStatusCode(405).putHeader("allow", "POST").end();
            return;
        }
        action.run();
        request.response().setStatusCode(204).end();
    }

    private void arrive(HttpServerRequest in) {
        arrived.increment();
        uris.computeIfAbsent(in.method() + " " + in.uri(), u -> new LongAdder()).increment();
        if (stalled) {
            stalledArrivals.increment(); // never answered: Vert.x drops the request when the client closes
            return;
        }
        int failing = failingWith;
        if (failing != 0) {
            fail(in.response(), failing);
            return;
        }
        forward(in);
    }

    private void forward(HttpServerRequest in) {
        in.body()
                .compose(body -> client.request(in.method(), in.uri()).compose(out -> {
                    copy(in.headers(), out.headers());
                    return out.send(body);
                }))
                .compose(reply -> reply.body().map(bytes -> {
                    answer(in.response(), reply, bytes);
                    return bytes;
                }))
                .onFailure(e -> {
                    if (!in.response().ended()) {
                        in.response().setStatusCode(502).end("fake t.me front: " + e);
                    }
                });
    }

    private static void answer(HttpServerResponse response, HttpClientResponse reply, Buffer body) {
        if (response.closed() || response.ended()) {
            return;
        }
        response.setStatusCode(reply.statusCode()).setStatusMessage(reply.statusMessage());
        copy(reply.headers(), response.headers());
        response.end(body);
    }

    private static void copy(MultiMap from, MultiMap to) {
        from.forEach((name, value) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                to.add(name, value);
            }
        });
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting or stopping the fake t.me front", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("fake t.me front did not start or stop in time", e);
        }
    }
}
