package tme.scraper.testing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPOutputStream;

/**
 * A fake t.me on 127.0.0.1 (port 0) serving the recorded pages, for tests and benchmarks:
 * <ul>
 *   <li>{@code GET /s/{ch}} and {@code GET /s/{ch}/{n}}: the recorded {@code s-{ch}-*.html} (name matched
 *       lower-cased); an unknown channel gets t.me's 302 to {@code /{ch}}, or with
 *       {@link #unknownChannelsAsContactPage(boolean)} the 200 "Contact @name" page;</li>
 *   <li>{@code GET /s/{ch}?q=...[&before=N]}: t.me's search, built from that recording ({@link SearchPage}): its
 *       posts holding every word of the query (case-insensitive whole words, {@code #tag} only the hashtag),
 *       {@link #searchPageSize(int)} at most, or "No posts found";</li>
 *   <li>{@code POST /s/{ch}?before=N|after=N}: a JSON string of an HTML fragment cut from the real message
 *       wraps of that page ({@code ""} when nothing is left), {@link #morePageSize(int)} posts at most;</li>
 *   <li>{@code GET /{ch}}: {@code preview-{ch}-*.html} if there is one, else the "Contact" page with 200.</li>
 * </ul>
 * Knobs may be set while it runs; a path knob ({@code "/s/durov"}) covers every request on that path, a URI
 * knob ({@code "/s/durov?before=490"}) only that one, a knob without a path every request.
 * Hits are counted per request URI, and arrival times kept, as the request arrives (before any gate, delay or
 * hang). {@link #anyChannelAs(String)} serves a recording for every other channel name; {@link Surprises} has
 * pages t.me does not normally serve (proxy errors, captcha, challenge, bent recordings).
 */
public final class FakeTme implements AutoCloseable {

    /** A request as the fake received it; header names are lower-cased, repeated ones joined by ", ". */
    public record Received(String method, String uri, Map<String, String> headers) {}

    private final Vertx vertx;
    private final Knobs knobs = new Knobs();
    private final Gate gate = new Gate();
    private final Traffic traffic = new Traffic();
    private final FakeRoutes routes = new FakeRoutes(RecordedPages.shared(), knobs);
    private HttpServer server;

    private FakeTme(Vertx vertx) {
        this.vertx = vertx;
    }

    /** Starts listening and blocks until it does (tests and benchmark set-up only). */
    public static FakeTme start(Vertx vertx) {
        FakeTme fake = new FakeTme(vertx);
        fake.server = await(vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .connectionHandler(connection -> fake.traffic.connected())
                .requestHandler(fake::handle)
                .listen());
        return fake;
    }

    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.actualPort());
    }

    public FakeTme delay(Duration delay) {
        return delay(Knobs.EVERYWHERE, delay);
    }

    public FakeTme delay(String path, Duration delay) {
        knobs.delay(path, delay);
        return this;
    }

    /** Answers every request with {@code status} and a short text body. */
    public FakeTme status(int status) {
        return status(Knobs.EVERYWHERE, status);
    }

    public FakeTme status(String path, int status) {
        knobs.status(path, status);
        return this;
    }

    /** Never answers (the connection stays open until the client gives up). */
    public FakeTme hang() {
        return hang(Knobs.EVERYWHERE);
    }

    public FakeTme hang(String path) {
        knobs.hang(path);
        return this;
    }

    /** Answers 429 with {@code Retry-After: <seconds>}. */
    public FakeTme throttle(Duration retryAfter) {
        return throttle(Knobs.EVERYWHERE, retryAfter);
    }

    public FakeTme throttle(String path, Duration retryAfter) {
        return throttleWithHeader(path, Long.toString(retryAfter.toSeconds()));
    }

    /** Answers 429 with t.me's plain-text body and this {@code Retry-After} value, as given (e.g. an HTTP date). */
    public FakeTme throttleWithHeader(String retryAfterValue) {
        return throttleWithHeader(Knobs.EVERYWHERE, retryAfterValue);
    }

    public FakeTme throttleWithHeader(String path, String retryAfterValue) {
        knobs.throttle(path, Knobs.throttledWithHeader(Objects.requireNonNull(retryAfterValue)));
        return this;
    }

    /**
     * Answers 429 with the Bot-API style JSON body ({@code application/json}, no header):
     * {@code {"ok":false,"error_code":429,"description":"Too Many Requests: retry after N","parameters":{"retry_after":N}}}.
     */
    public FakeTme throttleWithJson(int seconds) {
        return throttleWithJson(Knobs.EVERYWHERE, seconds);
    }

    public FakeTme throttleWithJson(String path, int seconds) {
        knobs.throttle(path, Knobs.throttledWithJson(seconds));
        return this;
    }

    /** Answers 429 with t.me's plain-text "Too Many Requests" and no hint at all. */
    public FakeTme throttleWithoutHint() {
        return throttleWithoutHint(Knobs.EVERYWHERE);
    }

    public FakeTme throttleWithoutHint(String path) {
        knobs.throttle(path, Knobs.throttledWithHeader(null));
        return this;
    }

    /** A custom answer for a path or exact URI, whatever the method. */
    public FakeTme respond(String path, int status, String body, Map<String, String> headers) {
        knobs.route(path, new Reply(status, headers, body));
        return this;
    }

    /** A custom answer for every request (e.g. a proxy's error page from {@link Surprises}); path knobs still win. */
    public FakeTme respondEverywhere(int status, String body, Map<String, String> headers) {
        return respond(Knobs.EVERYWHERE, status, body, headers);
    }

    /**
     * Serves every channel without a recording of its own as {@code recordedChannel}: {@code /s/{ch}},
     * {@code /s/{ch}/{n}}, "more" POSTs, and {@code /{ch}} if {@code recordedChannel} has a profile recording,
     * with the name rewritten to {@code ch}, so a test can ask for 100 distinct uncached channels. Null turns
     * it off (unknown channels get t.me's redirect again).
     */
    public FakeTme anyChannelAs(String recordedChannel) {
        if (recordedChannel != null && RecordedPages.shared().channelPage(recordedChannel).isEmpty()) {
            throw new IllegalArgumentException("no recorded /s/ page for " + recordedChannel);
        }
        knobs.anyChannelAs = recordedChannel == null ? null : recordedChannel.toLowerCase(Locale.ROOT);
        return this;
    }

    /**
     * Publishes a new post in {@code channel} (one with a recording, or served as {@link #anyChannelAs}): every later
     * {@code /s/<channel>} page shows it after the newest post, with the next id, {@code text} and the time now.
     * Answers its id.
     */
    public int publish(String channel, String text) {
        knobs.published.publish(channel, text, java.time.Instant.now());
        return Publications.newestId(routes.page(channel).orElseThrow(
                () -> new IllegalArgumentException("no page to publish on for " + channel)));
    }

    /** From now on post {@code id} shows {@code text}, with t.me's "edited" mark in its meta line ({@link Revisions}). */
    public FakeTme edit(String channel, int id, String text) {
        knobs.revisions.edit(channel, id, text);
        return this;
    }

    /** From now on post {@code id} is gone from the channel's pages, as a post deleted on t.me. */
    public FakeTme delete(String channel, int id) {
        knobs.revisions.delete(channel, id);
        return this;
    }

    /**
     * From now on a page shows only the {@code newest} posts {@link #publish published} (after the recorded ones, until
     * more than {@code newest} are published: then those alone, no hole between them and older posts), as t.me's page
     * shows its newest ~20: a long run publishing hundreds of posts keeps its pages small, a post scrolled off is not
     * mistaken for a deleted one, and a reader that falls behind by more than that cannot catch up from the page alone.
     */
    public FakeTme showPublished(int newest) {
        knobs.published.show(newest);
        return this;
    }

    /**
     * Serves every Telegram CDN URL in its answers ({@code https://cdn4.telesco.pe/file/<token>.jpg}, and the
     * {@code telegram-cdn.org} and {@code cdn-telegram.org} forms) as one on {@code cdn} ({@link FakeCdn#baseUrl()}):
     * {@code <cdn>/file/g<generation>/<token>.jpg}; null serves them as recorded again.
     */
    public FakeTme mediaAt(URI cdn) {
        knobs.mediaBase = cdn == null ? null : cdn.toString();
        return this;
    }

    /** t.me reissues its CDN links: the same pages from now on, with new media URLs (the next generation). */
    public FakeTme reissueMedia() {
        knobs.mediaGeneration++;
        return this;
    }

    /** The generation of the media URLs the pages carry now (0 until the first {@link #reissueMedia()}). */
    public int mediaGeneration() {
        return knobs.mediaGeneration;
    }

    /** Gzips every answer to a client that accepts gzip. */
    public FakeTme gzip(boolean on) {
        knobs.gzip = on;
        return this;
    }

    public FakeTme unknownChannelsAsContactPage(boolean on) {
        knobs.contactPageForUnknown = on;
        return this;
    }

    /** At most this many posts per "more" answer (t.me sends about 20). */
    public FakeTme morePageSize(int posts) {
        if (posts < 1) {
            throw new IllegalArgumentException("posts must be >= 1: " + posts);
        }
        knobs.morePageSize = posts;
        return this;
    }

    /**
     * Serves {@code html} as {@code /s/{channel}} (and searches over it) instead of a recording: a page a test put
     * together from recorded parts, e.g. a recorded page with recorded posts of other pages added.
     */
    public FakeTme page(String channel, String html) {
        knobs.pages.put(channel.toLowerCase(java.util.Locale.ROOT), Objects.requireNonNull(html));
        return this;
    }

    /**
     * Serves {@code channel} as a synthetic channel of {@code posts} posts, ids 1..posts, newer ids newer
     * ({@link LongChannel}): {@code /s/<channel>} shows the newest 20, "more" answers page back 20 at a time.
     */
    public FakeTme longChannel(String channel, int posts) {
        LongChannel built = LongChannel.of(channel.toLowerCase(Locale.ROOT), posts);
        page(channel, built.page());
        knobs.histories.put(channel.toLowerCase(Locale.ROOT), built.history());
        return this;
    }

    /** At most this many matching posts per search page ({@code GET /s/{ch}?q=}); t.me shows about 20. */
    public FakeTme searchPageSize(int posts) {
        if (posts < 1) {
            throw new IllegalArgumentException("posts must be >= 1: " + posts);
        }
        knobs.searchPageSize = posts;
        return this;
    }

    /** From now on, arriving requests wait (counted, unanswered) until {@link #release()}. */
    public FakeTme holdRequests() {
        gate.hold();
        return this;
    }

    public FakeTme release() {
        gate.release();
        return this;
    }

    public int held() {
        return gate.held();
    }

    /** Waits (test thread only) until {@code count} requests are held; false if {@code within} passed first. */
    public boolean awaitHeld(int count, Duration within) throws InterruptedException {
        return gate.awaitHeld(count, within);
    }

    /** Requests for this exact URI: a path ({@code /s/durov}), or path and query for "more". */
    public long hits(String uri) {
        return traffic.hits(uri);
    }

    public long totalHits() {
        return traffic.total();
    }

    /** TCP connections accepted so far: shows whether a client keeps connections alive and caps them. */
    public long connections() {
        return traffic.connections();
    }

    public long gzippedReplies() {
        return traffic.gzippedReplies();
    }

    public Optional<Received> lastRequest(String uri) {
        return traffic.last(uri);
    }

    /** {@link System#nanoTime()} of every request as it arrived (before any gate, delay or hang), in that order. */
    public List<Long> arrivals() {
        return traffic.arrivals();
    }

    /** {@link #arrivals()} of requests for this exact URI. */
    public List<Long> arrivals(String uri) {
        return traffic.arrivals(uri);
    }

    /** Clears hit counts, arrival times and the last requests; knobs stay. */
    public FakeTme resetHits() {
        traffic.reset();
        return this;
    }

    /** Clears every knob, releases held requests and resets the counts and arrival times. */
    public FakeTme reset() {
        knobs.clear();
        gate.release();
        traffic.reset();
        return this;
    }

    @Override
    public void close() {
        gate.release();
        await(server.close());
    }

    private void handle(HttpServerRequest request) {
        traffic.record(request);
        var context = vertx.getOrCreateContext();
        gate.admit(context, () -> {
            long delay = knobs.delay(request.uri(), request.path()).toMillis();
            if (delay > 0) {
                vertx.setTimer(delay, id -> answer(request));
            } else {
                answer(request);
            }
        });
    }

    private void answer(HttpServerRequest request) {
        if (knobs.hangs(request.uri(), request.path())) {
            return;
        }
        Reply reply = knobs.override(request.uri(), request.path())
                .orElseGet(() -> routes.answer(request.method(), request.path(), request.params()));
        String cdn = knobs.mediaBase;
        write(request, cdn == null ? reply : new Reply(reply.status(), reply.headers(),
                FakeCdn.rewrite(reply.body(), cdn, knobs.mediaGeneration)));
    }

    private void write(HttpServerRequest request, Reply reply) {
        HttpServerResponse response = request.response();
        if (response.closed() || response.ended()) {
            return; // the client gave up while the request was held or delayed
        }
        response.setStatusCode(reply.status());
        reply.headers().forEach(response::putHeader);
        byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
        String accepts = request.getHeader("accept-encoding");
        if (knobs.gzip && accepts != null && accepts.contains("gzip")) {
            body = gzip(body);
            response.putHeader("content-encoding", "gzip");
            traffic.gzipped();
        }
        response.end(Buffer.buffer(body));
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting or stopping the fake t.me", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("fake t.me did not start or stop in time", e);
        }
    }
}
