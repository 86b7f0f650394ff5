package tme.scraper.fetch;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Reads a {@code Retry-After} header (RFC 9110 10.2.3): either delay-seconds or an HTTP-date.
 * A missing or unreadable value gets {@link #DEFAULT}: a 429 without a usable hint still means "back off".
 * Values are capped at {@link #MAX} so one odd header cannot silence a channel for days.
 */
final class RetryAfter {

    static final Duration DEFAULT = Duration.ofSeconds(5);
    static final Duration MAX = Duration.ofHours(1);

    private RetryAfter() {}

    /** The wait {@code header} asks for, seen at {@code now}; a date in the past means "now" (zero). */
    static Duration parse(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return DEFAULT;
        }
        String value = header.strip();
        Duration wait = isDigits(value) ? seconds(value) : untilDate(value, now);
        return wait.compareTo(MAX) > 0 ? MAX : wait;
    }

    private static Duration seconds(String digits) {
        // More than 18 digits would overflow a long; it is far beyond MAX anyway.
        return digits.length() > 18 ? MAX : Duration.ofSeconds(Long.parseLong(digits));
    }

    private static Duration untilDate(String value, Instant now) {
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return DEFAULT;
        }
    }

    private static boolean isDigits(String value) {
        return value.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
