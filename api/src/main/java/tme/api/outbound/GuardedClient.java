package tme.api.outbound;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The one client for URLs the server fetches or calls on someone's behalf (media bytes, WebSub callbacks). Before
 * every request, the first and each redirect's, the URL must pass the {@link OutboundRule}; nothing is sent to a
 * refused one. When the rule resolved the host, the request goes to the very address it checked. Redirects are
 * followed here (at most {@link Limits#maxRedirects()}, and only when the rule follows any), never by Netty, so none
 * can lead off the rule. Connecting and every silence are bounded by {@link Limits#timeout()}; an answer announcing
 * more than {@link Limits#maxBytes()} is refused before its body is read, and {@link BoundedPipe} (or {@link
 * BoundedBody}) cuts one that grows past it. The answer is handed over paused, its body unread: the caller streams or
 * reads it, nothing is buffered here.
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

        /** No answer: connection refused, timed out, too many redirects, a broken redirect, no verdict in time. */
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
    public Future<OutboundRule.Verdict> check(URI url) {
        return rule.check(url);
    }

    /** Sends {@code method} to {@code url} with {@code headers} and no body, following redirects the rule allows. */
    public Future<Outcome> open(HttpMethod method, URI url, MultiMap headers) {
        return open(new Call(method, headers, null), url, 0);
    }

    /** Sends {@code method} to {@code url} with {@code headers} and {@code body}. */
    public Future<Outcome> open(HttpMethod method, URI url, MultiMap headers, Buffer body) {
        return open(new Call(method, headers, body), url, 0);
    }

    /** What is sent to each URL of one open: the first and each redirect's. */
    private record Call(HttpMethod method, MultiMap headers, Buffer body) {}

    private Future<Outcome> open(Call call, URI url, int redirects) {
        return rule.check(url).compose(verdict -> switch (verdict) {
            case OutboundRule.Verdict.Refused refused -> Future.succeededFuture(new Outcome.Refused(url,
                    refused.reason()));
            case OutboundRule.Verdict.Allowed allowed -> send(call, url, allowed.address())
                    .compose(response -> answered(call, url, redirects, response));
        }).otherwise(cause -> new Outcome.Failed(cause.getMessage() == null
                ? cause.getClass().getSimpleName() : cause.getMessage()));
    }

    /** The request, to the address the rule checked when it resolved one (the Host header and TLS name the URL's). */
    private Future<HttpClientResponse> send(Call call, URI url, Optional<InetAddress> address) {
        RequestOptions options = new RequestOptions().setMethod(call.method()).setAbsoluteURI(url.toString())
                .setHeaders(call.headers()).setFollowRedirects(false)
                .setConnectTimeout(limits.timeout().toMillis()).setIdleTimeout(limits.timeout().toMillis());
        address.ifPresent(checked -> options.setServer(SocketAddress.inetSocketAddress(port(url),
                checked.getHostAddress())));
        return client().request(options)
                .compose(request -> call.body() == null ? request.send() : request.send(call.body()));
    }

    private static int port(URI url) {
        return url.getPort() > 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
    }

    private Future<Outcome> answered(Call call, URI url, int redirects, HttpClientResponse response) {
        response.pause();
        String location = response.getHeader("location");
        if (rule.followsRedirects() && REDIRECTS.contains(response.statusCode()) && location != null) {
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
            return open(call, next, redirects + 1);
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
