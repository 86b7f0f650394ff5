package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The hub's one door out: every call to a subscriber's callback (the verification GET, each delivery POST). The URL
 * passes {@link CallbackGuard} first and the request goes to the very address it checked (the Host header and TLS
 * name stay the URL's); redirects are not followed (a 3xx is a failed call: its target was never checked); each call
 * ends within {@code timeout}, and an answer is read up to {@link WebSubConfig#MAX_ANSWER_BYTES}.
 */
final class CallbackClient {

    /** What a callback answered ({@code body} cut at the bound), or why no call was made or finished. */
    sealed interface Outcome {
        record Answered(int status, String body) implements Outcome {
            boolean ok() {
                return status >= 200 && status < 300;
            }
        }

        /** The guard refused the URL: nothing was sent. */
        record Refused(String reason) implements Outcome {}

        /** The call failed: no connection, a reset, a timeout, an answer too large. */
        record Failed(String reason) implements Outcome {}
    }

    private final CallbackGuard guard;
    private final HttpClient http;
    private final Duration timeout;

    CallbackClient(Vertx vertx, CallbackGuard guard, Duration timeout) {
        this.guard = guard;
        this.timeout = timeout;
        this.http = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout((int) timeout.toMillis())
                .setKeepAlive(true), new PoolOptions().setHttp1MaxSize(8));
    }

    /** Checks {@code url} with the guard; nothing is sent for a refused one. */
    Future<CallbackGuard.Verdict> check(URI url) {
        return guard.check(url);
    }

    Future<Outcome> get(URI url) {
        return call(HttpMethod.GET, url, MultiMap.caseInsensitiveMultiMap(), null);
    }

    Future<Outcome> post(URI url, MultiMap headers, byte[] body) {
        return call(HttpMethod.POST, url, headers, body);
    }

    private Future<Outcome> call(HttpMethod method, URI url, MultiMap headers, byte[] body) {
        return guard.check(url).compose(verdict -> switch (verdict) {
            case CallbackGuard.Verdict.Refused refused -> Future.succeededFuture(new Outcome.Refused(refused.reason()));
            case CallbackGuard.Verdict.Allowed allowed -> send(method, allowed, headers, body)
                    .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .otherwise(e -> new Outcome.Failed(e.getClass().getSimpleName() + ": " + e.getMessage()));
        });
    }

    private Future<Outcome> send(HttpMethod method, CallbackGuard.Verdict.Allowed to, MultiMap headers, byte[] body) {
        URI url = to.url();
        boolean tls = "https".equalsIgnoreCase(url.getScheme());
        int port = url.getPort() > 0 ? url.getPort() : tls ? 443 : 80;
        String target = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        RequestOptions options = new RequestOptions().setMethod(method)
                .setServer(SocketAddress.inetSocketAddress(port, to.address().getHostAddress()))
                .setHost(url.getHost()).setPort(port).setSsl(tls).setURI(target).setFollowRedirects(false)
                .setTimeout(timeout.toMillis()).setHeaders(headers);
        return http.request(options).compose(request -> {
            Future<io.vertx.core.http.HttpClientResponse> sent = body == null ? request.send() : request.send(Buffer.buffer(body));
            return sent.compose(response -> read(request, response));
        });
    }

    /** The answer's status and its body up to the bound; a longer body resets the stream. */
    private static Future<Outcome> read(HttpClientRequest request, io.vertx.core.http.HttpClientResponse response) {
        Promise<Outcome> read = Promise.promise();
        Buffer body = Buffer.buffer();
        response.handler(chunk -> {
            if (body.length() + chunk.length() > WebSubConfig.MAX_ANSWER_BYTES) {
                read.tryComplete(new Outcome.Failed("answer longer than " + WebSubConfig.MAX_ANSWER_BYTES + " bytes"));
                request.reset();
            } else {
                body.appendBuffer(chunk);
            }
        });
        response.endHandler(v -> read.tryComplete(new Outcome.Answered(response.statusCode(), body.toString())));
        response.exceptionHandler(e -> read.tryComplete(new Outcome.Failed(e.toString())));
        return read.future();
    }

    Future<Void> close() {
        return http.close();
    }
}
