package tme.api.problem;

import java.time.Duration;

/**
 * Why a request could not be answered, as one value: the only place that knows which outcome gets which
 * HTTP status. Written to clients as RFC 9457 problem details ({@code detail} stays a string, so clients of
 * the prior-art service that read {@code detail} keep working).
 *
 * @param status     HTTP status
 * @param code       stable machine-readable code, e.g. {@code invalid_parameter}
 * @param detail     human-readable explanation
 * @param parameter  the offending request parameter, or null
 * @param retryAfter when the client may retry, or null
 */
public record Problem(int status, String code, String detail, String parameter, Duration retryAfter) {

    /** The code of a channel that does not exist: remembered for every route of that channel. */
    public static final String CHANNEL_NOT_FOUND = "channel_not_found";
    /** The code of a load refused for its client's share: that client's alone. */
    public static final String CLIENT_UPSTREAM_LIMITED = "client_upstream_limited";

    public static Problem invalid(String parameter, String detail) {
        return new Problem(422, "invalid_parameter", detail, parameter, null);
    }

    public static Problem channelNotFound(String channel) {
        return new Problem(404, CHANNEL_NOT_FOUND, "Channel @" + channel + " does not exist or is not public", null, null);
    }

    public static Problem postNotFound(String channel, int id) {
        return new Problem(404, "post_not_found", "Post " + id + " was not found in channel @" + channel, null, null);
    }

    public static Problem upstreamAnomaly(String detail) {
        return new Problem(502, "upstream_anomaly", detail, null, null);
    }

    public static Problem upstreamThrottled(Duration retryAfter) {
        return new Problem(503, "upstream_throttled", "t.me asked us to slow down; retry later", null, retryAfter);
    }

    public static Problem upstreamFailed(String detail) {
        return new Problem(503, "upstream_unavailable", detail, null, Duration.ofSeconds(5));
    }

    /** The fleet paused its requests to t.me (t.me or a proxy in front of it said no); nothing cached to answer. */
    public static Problem upstreamCoolingDown(Duration retryAfter) {
        return new Problem(503, "upstream_cooldown", "t.me asked us to pause; nothing cached to answer with", null,
                retryAfter);
    }

    /** Our fleet-wide budget of t.me requests has no room for this one before its deadline. */
    public static Problem upstreamBudgetSpent(Duration retryAfter) {
        return new Problem(503, "upstream_budget", "Our request budget for t.me is spent for the moment", null,
                retryAfter);
    }

    /** Too many requests wait for t.me already: refused at once rather than late. */
    public static Problem overloaded(Duration retryAfter) {
        return new Problem(503, "overloaded", "Too many requests are waiting for t.me; retry later", null, retryAfter);
    }

    /** Too many GraphQL queries wait for a thread already ({@code GRAPHQL_QUEUE_LIMIT}): refused before it runs. */
    public static Problem queriesOverloaded(Duration retryAfter) {
        return new Problem(503, "overloaded", "Too many GraphQL queries are waiting to run; retry later", null,
                retryAfter);
    }

    public static Problem upstreamTimeout(Duration after) {
        return new Problem(504, "upstream_timeout", "t.me did not answer within " + after.toMillis() + " ms", null, null);
    }

    /** This client sent more than {@code CLIENT_RATE} allows; its next request is welcome after {@code retryAfter}. */
    public static Problem clientRateLimited(Duration retryAfter) {
        return new Problem(429, "client_rate_limited", "Too many requests from this client; retry after the time "
                + "Retry-After gives", null, retryAfter);
    }

    /** A media link to an item, thumbnail or avatar the post (or channel) does not have. */
    public static Problem mediaNotFound(String detail) {
        return new Problem(404, "media_not_found", detail, null, null);
    }

    /** A media link to a post that existed and is gone from t.me now (deleted). */
    public static Problem mediaGone(String channel, int id) {
        return new Problem(410, "media_gone", "Post " + id + " of @" + channel + " was deleted", null, null);
    }

    /** The page names media on a host off {@code MEDIA_HOSTS}: nothing was fetched or redirected to. */
    public static Problem mediaHostRefused(String detail) {
        return new Problem(502, "media_host_refused", detail, null, null);
    }

    /** Telegram's CDN did not give the bytes (refused the link twice, failed, timed out, or too large). */
    public static Problem mediaUpstreamFailed(String detail) {
        return new Problem(502, "media_upstream_failed", detail, null, null);
    }

    /** Every media stream this server allows ({@code MEDIA_STREAMS}) is running. */
    public static Problem mediaBusy() {
        return new Problem(503, "media_busy", "Too many media streams at once; retry shortly", null,
                Duration.ofSeconds(1));
    }

    /**
     * The client that asked has spent its share of the fleet's t.me budget ({@code CLIENT_UPSTREAM_SHARE}); nothing
     * cached to answer with. Its own, never remembered for the key nor shared with other clients.
     */
    public static Problem clientUpstreamLimited(Duration retryAfter) {
        return new Problem(429, CLIENT_UPSTREAM_LIMITED, "This client has used its share of our t.me budget; cached"
                + " pages still answer at once, new ones after the time Retry-After gives", null, retryAfter);
    }

    /** Every stream this server may hold ({@code STREAM_MAX_CLIENTS}) is open: another server may have room. */
    public static Problem streamsFull(int maxClients, Duration retryAfter) {
        return new Problem(503, "streams_full", "This server holds " + maxClients
                + " streams, its most (STREAM_MAX_CLIENTS): try again shortly", null, retryAfter);
    }

    /** This client keeps {@code STREAM_MAX_PER_CLIENT} streams open already. */
    public static Problem tooManyStreams(int maxPerClient, Duration retryAfter) {
        return new Problem(429, "too_many_streams", "A client may keep " + maxPerClient
                + " streams open at once: close one first", null, retryAfter);
    }

    /** A WebSub callback off the public internet (or that does not resolve): no request was made to it. */
    public static Problem callbackRefused(String parameter, String reason) {
        return new Problem(403, "callback_refused", reason, parameter, null);
    }

    public static Problem routeNotFound(String path) {
        return new Problem(404, "route_not_found", "No route for " + path, null, null);
    }

    public static Problem methodNotAllowed(String method) {
        return new Problem(405, "method_not_allowed", "Method " + method + " is not allowed here", null, null);
    }

    public static Problem bodyTooLarge(long maxBytes) {
        return new Problem(413, "body_too_large", "Request body is larger than " + maxBytes + " bytes", null, null);
    }

    /** A body in a media type the route does not read (a GraphQL POST that is neither JSON nor GraphQL). */
    public static Problem unsupportedMediaType(String detail) {
        return new Problem(415, "unsupported_media_type", detail, null, null);
    }

    /**
     * A request HTTP could not even carry: bad percent-encoding or a body of ambiguous length (400), a URI or headers
     * too long (414, 431).
     */
    public static Problem malformedRequest(int status, String detail) {
        return new Problem(status, "malformed_request", detail, null, null);
    }

    /**
     * A request whose body did not arrive whole within {@code HTTP_BODY_TIMEOUT} of its head: answered, then its
     * connection closed ({@code tme.api.http.ConnectionBounds}).
     */
    public static Problem requestTimeout(Duration bodyTimeout) {
        return new Problem(408, "request_timeout", "The request body did not arrive within " + bodyTimeout.toMillis()
                + " ms of its headers", null, null);
    }

    public static Problem internal() {
        return new Problem(500, "internal_error", "Unexpected server error", null, null);
    }

    /** The standard reason phrase, used as the problem's {@code title}. */
    public String title() {
        return switch (status) {
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 410 -> "Gone";
            case 415 -> "Unsupported Media Type";
            case 431 -> "Request Header Fields Too Large";
            case 422 -> "Unprocessable Content";
            case 429 -> "Too Many Requests";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Internal Server Error";
        };
    }
}
