package tme.api.outbound;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The one client for URLs the server fetches on someone's behalf. Before every request, the first and each
 * redirect's, the URL must pass the {@link OutboundRule}; redirects are followed here (at most
 * {@link Limits#maxRedirects()}), never by Netty, so none can lead off the list. Connecting and every silence are
 * bounded by {@link Limits#timeout()}; an answer announcing more than {@link Limits#maxBytes()} is refused before
 * its body is read, and {@link BoundedPipe} cuts one that grows past it. The answer is handed over paused, its
 * body unread: the caller streams it, nothing is buffered here.
 */
public final class GuardedClient implements AutoCloseable {

    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);

    /**
     * @param timeout        connecting, and the longest silence while waiting for headers or bytes
     * @param maxRedirects   redirects followed at most (each checked against the rule)
     * @param maxBytes       the largest body taken
     * @param maxConnections pooled keep-alive connections
     */
    public record Limits(Duration timeout, int maxRedirects, long maxBytes, int maxConnections) {}

    /** What opening a URL gave. */
    public sealed interface Outcome {
        /** An answer (any status), paused with its body unread; {@code url} is where it came from after redirects. */
        record Opened(HttpClientResponse response, URI url) implements Outcome {}

        /** The rule refused {@code url} (the first or a redirect's): nothing was sent to it. */
        record Refused(URI url, String reason) implements Outcome {}

        /** The answer announced a body larger than the limit; it was not read. */
        record TooLarge(long length) implements Outcome {}

        /** No answer: connection refused, timed out, too many redirects, a broken redirect. */
        record Failed(String detail) implements Outcome {}
    }

    private final Vertx vertx;
    private final OutboundRule rule;
    private final Limits limits;
    // Made on the first request, not at start-up: a server that never fetches (MEDIA_MODE=redirect, a refresher)
    // builds no client and its TLS. Written once under the lock, read without it.
    private volatile HttpClientAgent http;

    public GuardedClient(Vertx vertx, OutboundRule rule, Limits limits) {
        this.vertx = vertx;
        this.rule = rule;
        this.limits = limits;
    }

    public Limits limits() {
        return limits;
    }

    /** The rule's verdict on {@code url}, without sending anything. */
    public Optional<String> refusal(URI url) {
        return rule.refusal(url);
    }

    /** Sends {@code method} to {@code url} with {@code headers}, following allowed redirects. */
    public Future<Outcome> open(HttpMethod method, URI url, MultiMap headers) {
        return open(method, url, headers, 0);
    }

    private Future<Outcome> open(HttpMethod method, URI url, MultiMap headers, int redirects) {
        Optional<String> refused = rule.refusal(url);
        if (refused.isPresent()) {
            return Future.succeededFuture(new Outcome.Refused(url, refused.get()));
        }
        RequestOptions options = new RequestOptions().setMethod(method).setAbsoluteURI(url.toString())
                .setHeaders(headers).setFollowRedirects(false)
                .setConnectTimeout(limits.timeout().toMillis()).setIdleTimeout(limits.timeout().toMillis());
        return client().request(options)
                .compose(request -> request.send())
                .compose(response -> answered(method, url, headers, redirects, response))
                .otherwise(cause -> new Outcome.Failed(cause.getMessage() == null
                        ? cause.getClass().getSimpleName() : cause.getMessage()));
    }

    private Future<Outcome> answered(HttpMethod method, URI url, MultiMap headers, int redirects,
                                     HttpClientResponse response) {
        response.pause();
        String location = response.getHeader("location");
        if (REDIRECTS.contains(response.statusCode()) && location != null) {
            discard(response); // the redirect's body is not wanted
            if (redirects >= limits.maxRedirects()) {
                return Future.succeededFuture(new Outcome.Failed("more than " + limits.maxRedirects() + " redirects"));
            }
            URI next;
            try {
                next = url.resolve(location.strip());
            } catch (IllegalArgumentException e) {
                return Future.succeededFuture(new Outcome.Failed("a redirect to a bad URL: " + location));
            }
            return open(method, next, headers, redirects + 1);
        }
        long length = contentLength(response);
        if (length > limits.maxBytes()) {
            discard(response);
            return Future.succeededFuture(new Outcome.TooLarge(length));
        }
        return Future.succeededFuture(new Outcome.Opened(response, url));
    }

    /**
     * Gives up an answer whose body is not wanted: HTTP/1.1 closes its connection, which frees its pool slot. The
     * reset is expected, so it is not reported as an unhandled failure.
     */
    public static void discard(HttpClientResponse response) {
        response.exceptionHandler(expected -> {});
        response.request().reset(); // false, and nothing to close, when the answer had ended already
    }

    /** The announced length, or -1 when the answer has none (or a malformed one). */
    private static long contentLength(HttpClientResponse response) {
        String value = response.getHeader("content-length");
        if (value == null || value.isEmpty() || value.length() > 18 || !value.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(value);
    }

    private HttpClientAgent client() {
        HttpClientAgent made = http;
        if (made == null) {
            synchronized (this) {
                made = http;
                if (made == null) {
                    http = made = vertx.createHttpClient(new HttpClientOptions()
                                    .setProtocolVersion(HttpVersion.HTTP_1_1)
                                    .setKeepAlive(true)
                                    .setVerifyHost(true)
                                    .setConnectTimeout((int) limits.timeout().toMillis()),
                            new PoolOptions().setHttp1MaxSize(limits.maxConnections()));
                }
            }
        }
        return made;
    }

    @Override
    public void close() {
        HttpClientAgent made = http;
        if (made != null) {
            made.close();
        }
    }
}
