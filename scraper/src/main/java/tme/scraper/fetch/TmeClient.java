package tme.scraper.fetch;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The only code that talks to t.me. Every call is non-blocking and its future always succeeds with an
 * {@link Upstream} value for every expected outcome (ok, not found, throttled, intercepted, failed, timed out); a failed
 * future or a thrown exception means a bug (for example a channel name the api should have rejected).
 *
 * <p>HTTP/1.1 with a keep-alive pool on purpose: one request per connection makes
 * {@link Options#maxConnections()} a real cap on concurrent requests to t.me, a slow answer cannot stall
 * others multiplexed on the same connection, and the plain-HTTP fake t.me in tests needs no h2c.
 * Redirects are not followed: t.me's redirect from {@code /s/name} to {@code /name} is how it says
 * "not a public channel".
 *
 * <p>The plain Vert.x {@code HttpClient} rather than WebClient, because only it hands out the request, and a
 * request past its deadline must be reset: otherwise its pooled connection stays busy for as long as t.me
 * keeps trickling bytes, and abandoned requests fill the pool.
 */
public final class TmeClient implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(TmeClient.class.getName());
    /** What may go into a URL path; the api validates names more strictly, this only keeps the path intact. */
    private static final Pattern PATH_SAFE_NAME = Pattern.compile("[A-Za-z0-9_]{1,64}");
    // A channel page is 100-300 KB; a gzip answer, decoded on the way, comes without a Content-Length.
    static final int USUAL_PAGE_BYTES = 128 * 1024;
    // However large an answer says it is, no more is set aside before its bytes arrive.
    static final int MAX_PRESIZE = 4 * 1024 * 1024;

    private final Vertx vertx;
    private final Duration timeout;
    private final String base;
    private final HttpClientAgent http;
    private final ResponseMapping mapping;
    private final Clock clock;
    private final OutcomeCounters counters = new OutcomeCounters();

    public TmeClient(Vertx vertx, Options options) {
        this(vertx, options, Clock.systemUTC());
    }

    /** With the clock that reads HTTP-date {@code Retry-After} values, for tests. */
    TmeClient(Vertx vertx, Options options, Clock clock) {
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.timeout = options.timeout();
        String url = options.baseUrl().toString();
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.mapping = new ResponseMapping(options.baseUrl());
        this.clock = Objects.requireNonNull(clock, "clock");
        this.http = vertx.createHttpClient(httpOptions(options),
                new PoolOptions().setHttp1MaxSize(options.maxConnections()));
    }

    private static HttpClientOptions httpOptions(Options options) {
        return new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_1_1)
                .setKeepAlive(true)
                .setDecompressionSupported(true)
                .setConnectTimeout((int) options.timeout().toMillis());
    }

    /** {@code GET /s/{channel}} (latest posts) when {@code position} is 0, else the page around that post. */
    public Future<Upstream> channelPage(String channel, int position) {
        requireName(channel);
        if (position < 0) {
            throw new IllegalArgumentException("position must be >= 0: " + position);
        }
        String path = position == 0 ? "/s/" + channel : "/s/" + channel + "/" + position;
        return exchange(HttpMethod.GET, path, BrowserHeaders.page(), channel, mapping::page);
    }

    /**
     * {@code GET /s/{channel}?q=<query>[&before=N]}: t.me's search inside the channel, the matching posts as a channel
     * page, older ones than {@code before} when it is not 0. {@code query} is sent as given (the api normalises it).
     */
    public Future<Upstream> search(String channel, String query, int before) {
        requireName(channel);
        Objects.requireNonNull(query, "query");
        if (query.isBlank() || before < 0) {
            throw new IllegalArgumentException("a search needs a query and a position >= 0: " + before);
        }
        String path = "/s/" + channel + "?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8)
                + (before == 0 ? "" : "&before=" + before);
        return exchange(HttpMethod.GET, path, BrowserHeaders.page(), channel, mapping::page);
    }

    /** {@code POST /s/{channel}?before=N|after=N}: the decoded HTML fragment, {@code Ok("")} when nothing is left. */
    public Future<Upstream> more(String channel, Direction direction, int position) {
        requireName(channel);
        Objects.requireNonNull(direction, "direction");
        if (position < 1) {
            throw new IllegalArgumentException("position must be >= 1: " + position);
        }
        String path = "/s/" + channel + "?" + direction.query() + "=" + position;
        return exchange(HttpMethod.POST, path, BrowserHeaders.ajax(), channel, mapping::more);
    }

    /** {@code GET /{channel}}: the public profile page with the channel's preview. */
    public Future<Upstream> preview(String channel) {
        requireName(channel);
        return exchange(HttpMethod.GET, "/" + channel, BrowserHeaders.page(), channel, mapping::page);
    }

    /** Requests sent and outcomes so far, for metrics. */
    public Stats stats() {
        return counters.snapshot();
    }

    @Override
    public void close() {
        http.close();
    }

    private Future<Upstream> exchange(HttpMethod method, String path, MultiMap headers, String channel,
            Mapper mapper) {
        Promise<Upstream> result = Promise.promise();
        AtomicReference<HttpClientRequest> inFlight = new AtomicReference<>();
        // A whole-request deadline: the request's own timeouts only bound connecting and idle gaps.
        long deadline = vertx.setTimer(timeout.toMillis(), id -> {
            if (result.tryComplete(new Upstream.TimedOut(timeout))) {
                abandon(inFlight.get());
            }
        });
        counters.sent();
        // On an event-loop context even when called from another thread (tests): the response's body handler
        // must be set on the thread that delivers the response, or its first bytes can be missed.
        vertx.getOrCreateContext().runOnContext(ignored -> send(method, path, headers, request -> {
            inFlight.set(request);
            if (result.future().isComplete()) { // the deadline fired while waiting for a pooled connection
                abandon(request);
            }
        }).onComplete(ar -> {
            vertx.cancelTimer(deadline);
            try {
                result.tryComplete(ar.succeeded()
                        ? mapper.apply(ar.result(), channel, clock.instant())
                        : transportFailure(method, path, ar.cause()));
            } catch (RuntimeException bug) {
                result.tryFail(bug);
            }
        }));
        return result.future().onSuccess(counters::count);
    }

    /** Sends one request and reads its whole answer; {@code obtained} sees the request as soon as it exists. */
    private Future<ResponseMapping.Answer> send(HttpMethod method, String path, MultiMap headers,
            Consumer<HttpClientRequest> obtained) {
        RequestOptions options = new RequestOptions()
                .setMethod(method)
                .setAbsoluteURI(base + path)
                .setHeaders(headers)
                .setFollowRedirects(false)
                .setConnectTimeout(timeout.toMillis()) // a pooled connection, or a new one, within the timeout
                .setIdleTimeout(timeout.toMillis()); // closes a connection that went silent
        return http.request(options).compose(request -> {
            obtained.accept(request);
            // t.me's script posts an empty body; send(Buffer) sends the "content-length: 0" a browser sends.
            return method == HttpMethod.POST ? request.send(Buffer.buffer()) : request.send();
        }).compose(response -> body(response).map(body ->
                new ResponseMapping.Answer(response.statusCode(), response.headers(), body)));
    }

    /**
     * The whole answer, read into one buffer sized for it up front: from {@code Content-Length} when t.me sends one
     * (up to {@link #MAX_PRESIZE}), else a channel page's usual size. {@code response.body()} starts small and
     * doubles, copying a 100-300 KB page several times: a tenth of the server's allocation under the mixed load
     * (docs/performance.md, section 17).
     */
    private static Future<Buffer> body(HttpClientResponse response) {
        Promise<Buffer> whole = Promise.promise();
        Buffer body = Buffer.buffer(presize(response.getHeader(HttpHeaders.CONTENT_LENGTH)));
        response.handler(body::appendBuffer)
                .exceptionHandler(whole::tryFail)
                .endHandler(end -> whole.tryComplete(body));
        return whole.future();
    }

    /** The buffer to start an answer's body with, given its {@code Content-Length} (null when t.me sent none). */
    static int presize(String contentLength) {
        if (contentLength != null) {
            try {
                return (int) Math.clamp(Long.parseLong(contentLength.trim()), 0, MAX_PRESIZE);
            } catch (NumberFormatException ignored) {
                // not a length: t.me's framing is the transport's business; size as for none
            }
        }
        return USUAL_PAGE_BYTES;
    }

    /** Resets a request past its deadline: for HTTP/1.1 that closes its connection, which frees its pool slot. */
    private static void abandon(HttpClientRequest request) {
        if (request != null) {
            request.reset();
        }
    }

    private Upstream transportFailure(HttpMethod method, String path, Throwable cause) {
        if (cause instanceof TimeoutException) {
            return new Upstream.TimedOut(timeout);
        }
        LOG.log(System.Logger.Level.DEBUG, () -> method + " " + path + " failed: " + cause);
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new Upstream.Failed(0, message);
    }

    private static void requireName(String channel) {
        if (channel == null || !PATH_SAFE_NAME.matcher(channel).matches()) {
            throw new IllegalArgumentException("not a channel name: " + channel);
        }
    }

    /** Maps one answer for one channel, seen at {@code now}. */
    @FunctionalInterface
    private interface Mapper {
        Upstream apply(ResponseMapping.Answer answer, String channel, Instant now);
    }

    /**
     * Where t.me is and how long to wait for it.
     *
     * @param baseUrl        {@code https://t.me} in production, a fake's loopback URL in tests
     * @param timeout        the whole-request deadline, waiting for a pooled connection included, after which
     *                       the outcome is {@link Upstream.TimedOut}
     * @param maxConnections the size of the keep-alive pool, which caps concurrent requests to t.me
     */
    public record Options(URI baseUrl, Duration timeout, int maxConnections) {

        public Options {
            Objects.requireNonNull(baseUrl, "baseUrl");
            Objects.requireNonNull(timeout, "timeout");
            String scheme = baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || baseUrl.getHost() == null) {
                throw new IllegalArgumentException("baseUrl must be an absolute http(s) URL: " + baseUrl);
            }
            if (baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
                throw new IllegalArgumentException("baseUrl must not have a query or fragment: " + baseUrl);
            }
            if (timeout.compareTo(Duration.ofMillis(1)) < 0 || timeout.compareTo(Duration.ofDays(24)) > 0) {
                throw new IllegalArgumentException("timeout must be between 1ms and 24 days: " + timeout);
            }
            if (maxConnections < 1) {
                throw new IllegalArgumentException("maxConnections must be >= 1: " + maxConnections);
            }
        }

        /** {@code baseUrl} with the defaults: a 5 s timeout and 50 pooled connections. */
        public static Options defaults(URI baseUrl) {
            return new Options(baseUrl, Duration.ofSeconds(5), 50);
        }
    }

    /**
     * Counts since start: requests sent, and how many ended in each {@link Upstream} case.
     *
     * @param requests    requests sent (each ends in exactly one of the others)
     * @param ok          {@link Upstream.Ok}
     * @param notFound    {@link Upstream.NotFound}: 404 or t.me's redirect to the bare name
     * @param throttled   {@link Upstream.Throttled}: t.me's own 429
     * @param failed      {@link Upstream.Failed}: t.me's own errors, odd statuses and transport errors
     * @param timedOut    {@link Upstream.TimedOut}
     * @param intercepted {@link Upstream.Intercepted}: a proxy's or CDN's error page instead of t.me
     * @param interceptedThrottled of those, the 429s: a proxy's rate limit rather than t.me's
     */
    public record Stats(long requests, long ok, long notFound, long throttled, long failed, long timedOut,
            long intercepted, long interceptedThrottled) {}
}
