package tme.api.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;
import tme.api.media.MediaMode;
import tme.api.metrics.Telemetry;
import tme.api.media.MediaService;
import tme.api.media.MediaStreams;
import tme.api.media.MediaTarget;
import tme.api.media.Resolution;
import tme.api.outbound.BoundedPipe;
import tme.api.outbound.GuardedClient;
import tme.api.service.ChannelName;
import tme.api.service.PostId;
import tme.coalescing.Asker;

/**
 * {@code GET}/{@code HEAD /v1/media/<channel>/<post>/<n>[/thumb]} and {@code /v1/media/<channel>/avatar}. Redirect
 * mode: a 302 to the CDN's current URL, cacheable for as long as that URL is still used. Stream mode: the CDN's bytes
 * as they come (no file held in memory), with a long {@code Cache-Control} (the bytes behind a link do not change),
 * an {@code ETag} per link (so a revalidation is a 304 without asking the CDN) and {@code Range} passed through.
 */
final class MediaHandlers {

    /** A year: what a browser and the edge may keep the bytes behind a link. */
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";
    /** The CDN's headers a reader gets, as the CDN sent them. */
    private static final List<String> PASSED = List.of("content-type", "content-length", "content-range", "last-modified");

    private final MediaMode mode;
    private final MediaService media;
    private final MediaStreams streams;
    private final Function<RoutingContext, String> clients;

    /** {@code clients}: who asked (the request's client, as the upstream gate charges loads to it). */
    MediaHandlers(MediaMode mode, MediaService media, MediaStreams streams, Function<RoutingContext, String> clients) {
        this.clients = clients;
        this.mode = mode;
        this.media = media;
        this.streams = streams;
    }

    void item(RoutingContext ctx) {
        serve(ctx, MediaTarget.item(channel(ctx), PostId.parse("post", ctx.pathParam("post")), ctx.pathParam("n"), false));
    }

    void thumb(RoutingContext ctx) {
        serve(ctx, MediaTarget.item(channel(ctx), PostId.parse("post", ctx.pathParam("post")), ctx.pathParam("n"), true));
    }

    void avatar(RoutingContext ctx) {
        serve(ctx, MediaTarget.avatar(channel(ctx)));
    }

    private void serve(RoutingContext ctx, MediaTarget target) {
        if (mode == MediaMode.REDIRECT) {
            redirect(ctx, target);
        } else {
            stream(ctx, target);
        }
    }

    private void redirect(RoutingContext ctx, MediaTarget target) {
        Responses.onRequestLoop(media.redirect(target, asker(ctx, target)), done -> {
            if (done.failed()) {
                ctx.fail(done.cause());
                return;
            }
            switch (done.result()) {
                case Resolution.Refused refused -> Responses.problem(ctx, refused.problem());
                case Resolution.Found found -> {
                    HttpServerResponse response = ctx.response();
                    if (response.closed()) {
                        return;
                    }
                    response.setStatusCode(302).putHeader(HttpHeaders.LOCATION, found.url().toASCIIString())
                            .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=" + found.usableFor().toSeconds());
                    Responses.end(ctx, io.vertx.core.buffer.Buffer.buffer());
                }
            }
        });
    }

    private void stream(RoutingContext ctx, MediaTarget target) {
        String etag = etag(target);
        if (matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
            streams.notModified();
            ctx.response().setStatusCode(304).putHeader(HttpHeaders.ETAG, etag)
                    .putHeader(HttpHeaders.CACHE_CONTROL, IMMUTABLE).end();
            return;
        }
        HttpMethod method = ctx.request().method() == HttpMethod.HEAD ? HttpMethod.HEAD : HttpMethod.GET;
        Responses.onRequestLoop(streams.open(target, method, ctx.request().getHeader("range"), asker(ctx, target)), done -> {
            if (done.failed()) {
                ctx.fail(done.cause());
                return;
            }
            switch (done.result()) {
                case MediaStreams.Opened.Refused refused -> Responses.problem(ctx, refused.problem());
                case MediaStreams.Opened.Streaming streaming -> relay(ctx, streaming, etag);
            }
        });
    }

    /** The CDN's status and headers, then its bytes; a reader gone, or a body cut, closes both ends. */
    private void relay(RoutingContext ctx, MediaStreams.Opened.Streaming streaming, String etag) {
        var upstream = streaming.response();
        HttpServerResponse response = ctx.response();
        if (response.closed()) {
            GuardedClient.discard(upstream);
            streaming.done().run();
            return;
        }
        response.setStatusCode(upstream.statusCode());
        for (String name : PASSED) {
            String value = upstream.getHeader(name);
            if (value != null) {
                response.putHeader(name, value);
            }
        }
        response.putHeader(HttpHeaders.ACCEPT_RANGES, "bytes").putHeader(HttpHeaders.ETAG, etag)
                .putHeader(HttpHeaders.CACHE_CONTROL, upstream.statusCode() == 416 ? "no-store" : IMMUTABLE)
                // Someone else's bytes on our origin: never run as a page here.
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        if (upstream.getHeader("content-length") == null) {
            response.setChunked(true);
        }
        if (ctx.request().method() == HttpMethod.GET) {
            Telemetry.markStream(ctx); // a file's length over the reader's bandwidth: tme_stream_seconds
        }
        // The stream's slot is given back once, whichever comes first: the end of the body, or the reader leaving.
        java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable finish = () -> {
            if (finished.compareAndSet(false, true)) {
                streaming.done().run();
            }
        };
        response.closeHandler(closed -> {
            GuardedClient.discard(upstream);
            finish.run();
        });
        BoundedPipe.pipe(upstream, response, streams.maxBytes(), streams::streamed).onComplete(piped -> {
            finish.run();
            if (piped.succeeded()) {
                response.end();
            } else {
                streams.cut();
                response.reset(); // the status went out: closing is how a reader learns the body is not whole
            }
        });
    }

    /** {@code If-None-Match} names {@code etag} (weakly compared, as RFC 9110 says for it) or is {@code *}. */
    private static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String candidate = tag.strip();
            if (candidate.equals("*") || candidate.equals(etag) || candidate.equals("W/" + etag)) {
                return true;
            }
        }
        return false;
    }

    /** One tag per link: the bytes behind it do not change, so the tag needs nothing from the CDN. */
    private static String etag(MediaTarget target) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(target.path().getBytes(StandardCharsets.UTF_8));
            return "\"m" + HexFormat.of().formatHex(digest, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Who asks: the request's client, in the channel's flow, charged for any load of the entry read. */
    private Asker asker(RoutingContext ctx, MediaTarget target) {
        return Asker.of(clients.apply(ctx), target.channel().value());
    }

    private static ChannelName channel(RoutingContext ctx) {
        return ChannelName.parse("channel", ctx.pathParam("channel"));
    }
}
