package tme.api.http;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import tme.api.memory.DirectRoom;
import tme.api.problem.Problem;
import tme.api.render.ProblemJson;
import tme.api.service.Answer;
import tme.cache.Stored;

/**
 * Writes answers and problems: the only code that turns an {@link Answer} into a status, headers and bytes.
 * A hit writes the stored bytes as they are: no parsing, validation or serialization.
 */
final class Responses {

    static final String JSON = "application/json; charset=utf-8";
    static final String PROBLEM_JSON = "application/problem+json; charset=utf-8";
    // A hit's constant header names and values, encoded once: Netty copies their bytes as they are, where a String
    // is validated and encoded a char at a time on every response.
    private static final CharSequence JSON_TYPE = HttpHeaders.createOptimized(JSON);
    private static final CharSequence PROBLEM_JSON_TYPE = HttpHeaders.createOptimized(PROBLEM_JSON);
    static final CharSequence X_CACHE = HttpHeaders.createOptimized("X-Cache");
    private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");

    private final InstantSource clock;
    private final IdentityBodies identity;
    private final BodyCopies zstd;
    private final GzipCopies gzip;
    private final ValueHeaders valueHeaders = new ValueHeaders();

    /**
     * Each coding's copies bounded to {@code copiesMaxBytes}, each made only while {@code room} has room for it; gzip
     * copies and decompressions of large values made on {@code workers}.
     */
    Responses(InstantSource clock, long copiesMaxBytes, DirectRoom room, WorkerExecutor workers) {
        this.clock = clock;
        this.identity = new IdentityBodies(BodyCopies.bounded(copiesMaxBytes, Stored::raw,
                new OffHeap("identity", room)), workers);
        this.zstd = BodyCopies.bounded(copiesMaxBytes, Stored::payload, new OffHeap("zstd", room));
        this.gzip = GzipCopies.bounded(copiesMaxBytes, workers, new OffHeap("gzip", room));
    }

    /**
     * The memory the hit path's copies hold, by coding, for /metrics ({@code http.copies.<coding>_bytes}); each
     * weighs against {@code MEMORY_CACHE_RAW_MB}.
     */
    Map<String, Long> counters() {
        Map<String, Long> counters = new java.util.HashMap<>(Map.of("http.copies.identity_bytes", identity.copiesBytes(),
                "http.copies.zstd_bytes", zstd.weightedBytes(),
                "http.copies.gzip_bytes", gzip.weightedBytes()));
        counters.putAll(identity.skipped());
        counters.putAll(zstd.skipped());
        counters.putAll(gzip.skipped());
        return counters;
    }

    /** Sends whatever the service answered; a failed future is a bug and becomes a 500 via the failure handler. */
    void send(RoutingContext ctx, Future<Answer> answer) {
        send(ctx, answer, JSON_TYPE, true);
    }

    /**
     * As {@link #send(RoutingContext, Future)} for answers of {@code contentType} (a reader feed); with
     * {@code cacheable} false (a POST's answer, which no cache may reuse and RFC 9110 has answered 412, never 304, on
     * a failed precondition) without validators, {@code Age} or freshness: {@code Cache-Control: no-store}.
     */
    void send(RoutingContext ctx, Future<Answer> answer, CharSequence contentType, boolean cacheable) {
        onRequestLoop(answer, result -> {
            try {
                if (result.failed()) {
                    ctx.fail(result.cause());
                } else {
                    switch (result.result()) {
                        case Answer.Cached cached -> cached(ctx, cached, clock.instant(), contentType, cacheable);
                        case Answer.Failure failure -> {
                            ServerTiming.add(ctx.response().headers(), failure.timings());
                            problem(ctx, failure.problem());
                        }
                    }
                }
            } catch (RuntimeException | Error bug) {
                failWriting(ctx, bug);
            }
        });
    }

    /**
     * What writing an answer threw becomes the request's failure (a 500 from the failure handler). Without this, a
     * throw inside the listener of an answer that completed later (a miss) is caught by Vert.x's future, reported to
     * the context and never to the request: the client waited for an answer that never came.
     */
    private static void failWriting(RoutingContext ctx, Throwable bug) {
        if (!ctx.failed() && !ctx.response().ended()) {
            ctx.fail(bug);
        }
    }

    /** Stored bytes with their validator and freshness; zstd bytes pass through to clients that accept zstd. */
    private void cached(RoutingContext ctx, Answer.Cached answer, Instant now, CharSequence contentType,
                        boolean cacheable) {
        HttpServerResponse response = ctx.response();
        if (response.closed()) {
            return;
        }
        Stored stored = answer.stored();
        boolean ok = answer.status() == 200;
        // add, not put: none of these is set yet (put would look for one to replace), and a Vary another handler
        // set (CORS: Origin) stays beside ours.
        ValueHeaders.Values values = valueHeaders.of(stored);
        MultiMap headers = response.headers()
                .add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                .add(X_CACHE, HttpCaching.level(answer.source()));
        if (!cacheable) {
            headers.add(HttpHeaders.CACHE_CONTROL, NO_STORE);
        } else {
            headers.add(HttpHeaders.CACHE_CONTROL, values.cacheControl())
                    .add(HttpHeaders.AGE, Long.toString(stored.age(now).toSeconds()));
        }
        ServerTiming.add(headers, answer.timings());
        // Validators only on answers: RFC 9110 (13.2.1) has preconditions ignored where the answer is not a 2xx,
        // so a cached "not found" is never answered with a 304.
        if (ok && cacheable) {
            CharSequence etag = values.etag();
            headers.add(HttpHeaders.ETAG, etag);
            if (HttpCaching.notModified(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
                response.setStatusCode(304).end();
                return;
            }
        }
        response.setStatusCode(answer.status());
        headers.add(HttpHeaders.CONTENT_TYPE, ok ? contentType : PROBLEM_JSON_TYPE);
        ContentCoding coding = stored.compressed()
                ? ContentCoding.negotiate(ctx.request().getHeader(HttpHeaders.ACCEPT_ENCODING))
                : ContentCoding.IDENTITY; // a small answer stored raw always goes as it is
        switch (coding) {
            case ZSTD -> encoded(ctx, coding, zstd.of(stored));
            case GZIP -> onRequestLoop(gzip.gzip(stored), copy -> gzipped(ctx, stored, copy.result()));
            case IDENTITY -> identity.send(ctx, stored);
        }
    }

    /** The gzip copy, or identity where there is none (see {@link GzipCopies#gzip}). */
    private void gzipped(RoutingContext ctx, Stored stored, Buffer copy) {
        if (ctx.response().closed()) {
            return;
        }
        if (copy != null) {
            encoded(ctx, ContentCoding.GZIP, copy);
        } else {
            identity.send(ctx, stored);
        }
    }

    private static void encoded(RoutingContext ctx, ContentCoding coding, Buffer body) {
        ctx.response().putHeader(HttpHeaders.CONTENT_ENCODING, coding.token());
        end(ctx, body);
    }

    /**
     * Runs {@code then} on the event loop of the request being answered. A load shared by requests on several
     * loops completes on one of them; each answer is then written from its own connection's loop, not from
     * whichever loop finished the load. An answer already there (a hit) goes on at once, with no hop.
     */
    static <T> void onRequestLoop(Future<T> answer, Handler<AsyncResult<T>> then) {
        Context request = Vertx.currentContext();
        answer.onComplete(result -> {
            if (request == null || Vertx.currentContext() == request) {
                then.handle(result);
            } else {
                request.runOnContext(ignored -> then.handle(result));
            }
        });
    }

    static void json(RoutingContext ctx, byte[] bytes) {
        if (ctx.response().closed()) {
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON);
        end(ctx, bytes);
    }

    static void problem(RoutingContext ctx, Problem problem) {
        HttpServerResponse response = ctx.response();
        if (response.closed() || response.ended()) {
            return;
        }
        response.setStatusCode(problem.status()).putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON);
        if (problem.retryAfter() != null) {
            response.putHeader(HttpHeaders.RETRY_AFTER, Long.toString(ProblemJson.retryAfterSeconds(problem)));
        }
        response.putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        end(ctx, ProblemJson.bytes(problem));
    }

    /** Ends with the body; a HEAD request gets the same headers and length, and no body. */
    private static void end(RoutingContext ctx, byte[] body) {
        end(ctx, Buffer.buffer(body));
    }

    static void end(RoutingContext ctx, Buffer body) {
        if (ctx.request().method() == HttpMethod.HEAD) {
            ctx.response().putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length())).end();
        } else {
            ctx.response().end(body);
        }
    }
}
