package tme.scraper.fetch;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns one t.me answer (status, headers, body) into an {@link Upstream} value. Pure: no I/O, the
 * time comes in as {@code now}, so every rule is testable on its own.
 *
 * <p>The rules, in order: 200 is {@link Upstream.Ok}; a 3xx to the bare channel name is "not public", any
 * other redirect a failure; an intermediary's HTML error page ({@link Intercepts}) is
 * {@link Upstream.Intercepted}, whatever its status; then 404 is not found, t.me's own 429 is throttled (with
 * its hint from the header or the JSON body, see {@link RetryAfter}), and anything else failed.
 */
final class ResponseMapping {

    private static final int MAX_REASON_BODY = 120;

    private final String baseHost;

    ResponseMapping(URI baseUrl) {
        this.baseHost = baseUrl.getHost().toLowerCase(Locale.ROOT);
    }

    /** A page answer ({@code /s/..} or {@code /name}): the HTML stays bytes here, decoded later off the event loop. */
    Upstream page(Answer answer, String channel, Instant now) {
        return answer.status() == 200 ? new Upstream.Ok(answer.bytes()) : notOk(answer, channel, now);
    }

    /**
     * A "load more" answer: 200 carries a JSON string of an HTML fragment ({@code ""} = nothing left). Decoded
     * here, on the event loop, because an undecodable answer must be a {@link Upstream.Failed} before anyone
     * parses it; these answers are small (about 20 posts), unlike pages.
     */
    Upstream more(Answer answer, String channel, Instant now) {
        return answer.status() == 200 ? decodeFragment(answer.body()) : notOk(answer, channel, now);
    }

    private Upstream notOk(Answer answer, String channel, Instant now) {
        int status = answer.status();
        if (status >= 300 && status < 400) {
            return redirect(status, answer.headers().get("location"), channel);
        }
        Optional<String> intercepted = Intercepts.reason(status, answer.headers(), answer.body());
        if (intercepted.isPresent()) {
            return new Upstream.Intercepted(status, retryAfter(answer, now), intercepted.get());
        }
        return switch (status) {
            case 404 -> new Upstream.NotFound("t.me answered 404 for " + channel);
            case 429 -> new Upstream.Throttled(retryAfter(answer, now));
            default -> new Upstream.Failed(status, "t.me answered " + status);
        };
    }

    private static Optional<Duration> retryAfter(Answer answer, Instant now) {
        return RetryAfter.of(answer.headers().get("retry-after"), answer.body(), now);
    }

    /** t.me sends {@code /s/name} to {@code /name} when the channel has no public preview; anything else is odd. */
    private Upstream redirect(int status, String location, String channel) {
        if (location != null && pointsToChannel(location, channel)) {
            return new Upstream.NotFound(channel + " is not a public channel (redirect to " + location + ")");
        }
        return new Upstream.Failed(status, "unexpected redirect to " + location);
    }

    private boolean pointsToChannel(String location, String channel) {
        URI uri;
        try {
            uri = new URI(location.strip());
        } catch (URISyntaxException e) {
            return false;
        }
        String host = uri.getHost();
        boolean sameSite = host == null
                || host.equalsIgnoreCase("t.me")
                || host.equalsIgnoreCase(baseHost);
        String path = uri.getPath() == null ? "" : uri.getPath();
        String bare = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return sameSite && bare.equalsIgnoreCase("/" + channel);
    }

    private static Upstream decodeFragment(Buffer body) {
        if (body == null || body.length() == 0) {
            return undecodable(body, "empty body");
        }
        Object value;
        try {
            value = Json.decodeValue(body);
        } catch (DecodeException e) {
            return undecodable(body, "not JSON");
        }
        if (value instanceof String html) {
            return new Upstream.Ok(html);
        }
        if (value instanceof JsonObject object && object.getValue("html") instanceof String html) {
            return new Upstream.Ok(html);
        }
        return undecodable(body, "neither a JSON string nor an object with \"html\"");
    }

    private static Upstream undecodable(Buffer body, String why) {
        String text = body == null ? "" : body.toString();
        String head = text.length() > MAX_REASON_BODY ? text.substring(0, MAX_REASON_BODY) + "..." : text;
        return new Upstream.Failed(200, "undecodable \"more\" answer (" + why + "): " + head);
    }

    /** The parts of an HTTP answer the mapping reads. {@code body} is null when there was none. */
    record Answer(int status, MultiMap headers, Buffer body) {

        Buffer bytes() {
            return body == null ? Buffer.buffer() : body;
        }
    }
}
