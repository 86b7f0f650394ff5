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
import io.vertx.core.http.HttpServerRequest;
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
    private static final CharSequence[] AGES = java.util.stream.IntStream.range(0, 3600)
            .mapToObj(seconds -> HttpHeaders.createOptimized(Integer.toString(seconds))).toArray(CharSequence[]::new);

    private final InstantSource clock;
    private final IdentityBodies identity;
    private final BodyCopies zstd;
    private final GzipCopies gzip;
    private final WorkerExecutor background;
    private final ValueHeaders valueHeaders = new ValueHeaders();

    /**
     * Each coding's copies bounded to {@code copiesMaxBytes}, each made only while {@code room} has room for it; gzip
     * copies and decompressions of large values made on {@code workers}, the copies made ahead on {@code background}.
     */
    Responses(InstantSource clock, long copiesMaxBytes, DirectRoom room, WorkerExecutor workers,
              WorkerExecutor background) {
        this.clock = clock;
        this.background = background;
        this.identity = new IdentityBodies(BodyCopies.bounded(copiesMaxBytes, Stored::raw,
                new OffHeap("identity", room)), workers);
        this.zstd = BodyCopies.bounded(copiesMaxBytes, Stored::payload, new OffHeap("zstd", room));
        this.gzip = GzipCopies.bounded(copiesMaxBytes, workers, new OffHeap("gzip", room));
    }

    /**
     * {@code value} left L1 ({@link tme.cache.TwoLevelCache#onDeparted}), for {@code successor} (null: for none).
     * Its copies and headers go at once: left to their weak keys, a value promoted to the old generation is cleared
     * only at the next marking cycle, and until then its dead copies count against the copies' bound and pushed live
     * ones out (in the fleet under the mixed load, 327-619 gzip copies evicted from a server in a 5-minute run while
     * its live ones weighed a fifth of the bound, and their readers waited for a new compression:
     * docs/performance.md, section 17, thirteenth session).
     *
     * <p>The copies readers took of {@code value} are made now for {@code successor} (a refresh's, another server's
     * pushed change, a copy read from L2), so that its first readers find them made: a refreshed page's first gzip
     * hit waited for its compression on the workers (about a millisecond for a page, more behind a busy pool), and
     * under the mixed load every popular page is refreshed every 10 s. Only what a reader asked of the value replaced:
     * a page nobody reads in gzip is not compressed ahead. zstd copies are the stored bytes moved off the heap, made
     * inline at the first read: nothing to make ahead. Made on the background pool (the parsers, which give way to
     * the loops): in a fleet every server makes them for every value another server pushes, and on the hits' own
     * pool they held the loops back (docs/performance.md, section 17, tenth session).
     */
    void departed(Stored value, Stored successor) {
        boolean readInGzip = gzip.holds(value);
        boolean readInIdentity = identity.ready(value) != null;
        gzip.forget(value);
        identity.forget(value);
        zstd.forget(value);
        valueHeaders.forget(value);
        if (successor == null) {
            return;
        }
        if (readInGzip) {
            gzip.ahead(successor, background);
        }
        if (readInIdentity) {
            identity.prepare(successor, background);
        }
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
        counters.putAll(gzip.counters());
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
        send(ctx.request(), answer, contentType, cacheable, bug -> {
            if (!ctx.failed()) {
                ctx.fail(bug);
            }
        });
    }

    /**
     * As {@link #send(RoutingContext, Future)} for a request answered outside a router ({@link HitsAhead}): a failed
     * future (a bug) goes to {@code fail} instead of the router's failure handler.
     */
    void send(HttpServerRequest request, Future<Answer> answer, Handler<Throwable> fail) {
        send(request, answer, JSON_TYPE, true, fail);
    }

    /**
     * What writing the answer throws goes to {@code fail} too (a 500), unless the answer has ended: without this, a
     * throw inside the listener of an answer that completed later (a miss) is caught by Vert.x's future, reported to
     * the context and never to the request, and the client waits for an answer that never comes.
     */
    void send(HttpServerRequest request, Future<Answer> answer, CharSequence contentType, boolean cacheable,
              Handler<Throwable> fail) {
        onRequestLoop(answer, result -> {
            try {
                if (result.failed()) {
                    fail.handle(result.cause());
                } else {
                    switch (result.result()) {
                        case Answer.Cached cached -> cached(request, cached, clock.instant(), contentType, cacheable,
                                fail);
                        case Answer.Failure failure -> {
                            ServerTiming.add(request.response().headers(), failure.timings());
                            problem(request, failure.problem());
                        }
                    }
                }
            } catch (RuntimeException | Error bug) {
                if (!request.response().ended()) {
                    fail.handle(bug);
                }
            }
        });
    }

    /** Stored bytes with their validator and freshness; zstd bytes pass through to clients that accept zstd. */
    private void cached(HttpServerRequest request, Answer.Cached answer, Instant now, CharSequence contentType,
                        boolean cacheable, Handler<Throwable> fail) {
        HttpServerResponse response = request.response();
        if (response.closed()) {
            return;
        }
        Stored stored = answer.stored();
        boolean ok = answer.status() == 200;
        // add, not put: none of these is set yet (put would look for one to replace), and a Vary another handler
        // set (CORS: Origin) stays beside ours.
        LastValue last = LastValue.of(stored);
        ValueHeaders.Values values = last.values(valueHeaders);
        MultiMap headers = response.headers()
                .add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                .add(X_CACHE, HttpCaching.level(answer.source()));
        if (!cacheable) {
            headers.add(HttpHeaders.CACHE_CONTROL, NO_STORE);
        } else {
            headers.add(HttpHeaders.CACHE_CONTROL, values.cacheControl())
                    .add(HttpHeaders.AGE, age(stored.age(now).toSeconds()));
        }
        ServerTiming.add(headers, answer.timings());
        // Validators only on answers: RFC 9110 (13.2.1) has preconditions ignored where the answer is not a 2xx,
        // so a cached "not found" is never answered with a 304.
        if (ok && cacheable) {
            CharSequence etag = values.etag();
            headers.add(HttpHeaders.ETAG, etag);
            if (HttpCaching.notModified(request.getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
                response.setStatusCode(304).end();
                return;
            }
        }
        response.setStatusCode(answer.status());
        headers.add(HttpHeaders.CONTENT_TYPE, ok ? contentType : PROBLEM_JSON_TYPE);
        ContentCoding coding = stored.compressed()
                ? ContentCoding.negotiate(request.getHeader(HttpHeaders.ACCEPT_ENCODING))
                : ContentCoding.IDENTITY; // a small answer stored raw always goes as it is
        switch (coding) {
            case ZSTD -> encoded(request, coding, last.zstd(zstd::of));
            case GZIP -> onRequestLoop(gzip.gzip(stored), copy -> gzipped(request, stored, copy.result(), fail));
            case IDENTITY -> identity.send(request, stored, last.identity(identity::ready), fail);
        }
    }

    /** {@code Age}, for the first hour's seconds one of {@link #AGES}: encoded once, not formatted per hit. */
    private static CharSequence age(long seconds) {
        return seconds < AGES.length ? AGES[(int) seconds] : Long.toString(seconds);
    }

    /** The gzip copy, or identity where there is none (see {@link GzipCopies#gzip}). */
    private void gzipped(HttpServerRequest request, Stored stored, Buffer copy, Handler<Throwable> fail) {
        if (request.response().closed()) {
            return;
        }
        if (copy != null) {
            encoded(request, ContentCoding.GZIP, copy);
        } else {
            identity.send(request, stored, fail);
        }
    }

    private static void encoded(HttpServerRequest request, ContentCoding coding, Buffer body) {
        request.response().headers().add(HttpHeaders.CONTENT_ENCODING, coding.header()); // add: none is set yet
        end(request, body);
    }

    /**
     * Runs {@code then} on the event loop of the request being answered. A load shared by requests on several
     * loops completes on one of them; each answer is then written from its own connection's loop, not from
     * whichever loop finished the load. An answer already there (a hit) goes on at once, with no hop.
     */
    static <T> void onRequestLoop(Future<T> answer, Handler<AsyncResult<T>> then) {
        if (answer.isComplete()) {
            then.handle(answer); // on the request's loop already: the handler is running there
            return;
        }
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
        problem(ctx.request(), problem);
    }

    static void problem(HttpServerRequest request, Problem problem) {
        HttpServerResponse response = request.response();
        if (response.closed() || response.ended()) {
            return;
        }
        response.setStatusCode(problem.status()).putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON);
        if (problem.retryAfter() != null) {
            response.putHeader(HttpHeaders.RETRY_AFTER, Long.toString(ProblemJson.retryAfterSeconds(problem)));
        }
        response.putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        end(request, Buffer.buffer(ProblemJson.bytes(problem)));
    }

    /** Ends with the body; a HEAD request gets the same headers and length, and no body. */
    private static void end(RoutingContext ctx, byte[] body) {
        end(ctx, Buffer.buffer(body));
    }

    static void end(RoutingContext ctx, Buffer body) {
        end(ctx.request(), body);
    }

    /**
     * Ends with the body, its {@code Content-Length} given here ({@link ContentLengths}: encoded once, where Vert.x
     * would format and set it per answer); a HEAD request gets the same headers and length, and no body. None of the
     * callers has set a length or a {@code Transfer-Encoding}.
     */
    static void end(HttpServerRequest request, Buffer body) {
        HttpServerResponse response = request.response();
        response.headers().add(HttpHeaders.CONTENT_LENGTH, ContentLengths.of(body.length()));
        if (request.method() == HttpMethod.HEAD) {
            response.end();
        } else {
            response.end(body);
        }
    }
}
