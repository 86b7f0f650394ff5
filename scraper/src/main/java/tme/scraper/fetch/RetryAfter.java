package tme.scraper.fetch;

import io.netty.handler.codec.DateFormatter;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

/**
 * How long t.me (or whatever answered for it) asked us to wait. Read from the {@code Retry-After} header
 * (RFC 9110 10.2.3: delay-seconds or an HTTP-date) or, when there is no usable header, from a Bot-API style
 * JSON body: {@code {"ok":false,"error_code":429,"parameters":{"retry_after":7}}}. The header wins.
 *
 * <p>Empty when there is no usable hint: no default here, because the caller's gate knows better (it backs
 * off exponentially); a made-up 5 s would look like t.me's own word. Values are capped at {@link #MAX} so one
 * odd answer cannot silence a channel for days; a date in the past means "now" (zero).
 */
final class RetryAfter {

    static final Duration MAX = Duration.ofHours(1);
    /** A hint body is a few dozen bytes; anything far larger is a page, not worth decoding as JSON. */
    private static final int MAX_JSON_BODY = 4096;

    private RetryAfter() {}

    /** The header's hint if it has a usable one, else the JSON body's. */
    static Optional<Duration> of(String header, Buffer body, Instant now) {
        Optional<Duration> fromHeader = parse(header, now);
        return fromHeader.isPresent() ? fromHeader : fromJson(body);
    }

    /**
     * The wait a {@code Retry-After} value asks for, seen at {@code now}. Accepts delta-seconds and the three
     * HTTP-date forms a recipient must accept (RFC 9110 5.6.7): IMF-fixdate, obsolete RFC 850 and asctime,
     * through Netty's lenient {@link DateFormatter#parseHttpDate(CharSequence)}.
     */
    static Optional<Duration> parse(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.strip();
        return (isDigits(value) ? Optional.of(seconds(value)) : untilDate(value, now)).map(RetryAfter::capped);
    }

    /** {@code parameters.retry_after} of a JSON object body, as t.me's Bot-API style errors carry it. */
    static Optional<Duration> fromJson(Buffer body) {
        if (body == null || body.length() == 0 || body.length() > MAX_JSON_BODY) {
            return Optional.empty();
        }
        String text = body.toString().strip();
        if (!text.startsWith("{")) {
            return Optional.empty();
        }
        try {
            JsonObject parameters = new JsonObject(text).getValue("parameters") instanceof JsonObject p ? p : null;
            Object retryAfter = parameters == null ? null : parameters.getValue("retry_after");
            if (retryAfter instanceof Number number && number.doubleValue() >= 0 && isWhole(number)) {
                return Optional.of(capped(Duration.ofSeconds(Math.min(number.longValue(), MAX.toSeconds()))));
            }
            return Optional.empty();
        } catch (DecodeException | ClassCastException e) {
            return Optional.empty();
        }
    }

    private static boolean isWhole(Number number) {
        return number.doubleValue() == Math.rint(number.doubleValue());
    }

    private static Duration seconds(String digits) {
        // More than 18 digits would overflow a long; it is far beyond MAX anyway.
        return digits.length() > 18 ? MAX : Duration.ofSeconds(Long.parseLong(digits));
    }

    private static Optional<Duration> untilDate(String value, Instant now) {
        Date date = DateFormatter.parseHttpDate(value);
        if (date == null) {
            return Optional.empty();
        }
        Instant at = date.toInstant();
        return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
    }

    private static Duration capped(Duration wait) {
        return wait.compareTo(MAX) > 0 ? MAX : wait;
    }

    private static boolean isDigits(String value) {
        return value.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
