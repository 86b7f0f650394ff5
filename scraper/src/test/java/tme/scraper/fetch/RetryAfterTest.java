package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-05-10T12:00:00Z");

    @Test
    void parse_readsDelaySeconds() {
        assertEquals(Duration.ofSeconds(7), RetryAfter.parse("7", NOW));
        assertEquals(Duration.ofSeconds(120), RetryAfter.parse(" 120 ", NOW));
        assertEquals(Duration.ZERO, RetryAfter.parse("0", NOW));
    }

    @Test
    void parse_readsHttpDateRelativeToNow() {
        assertEquals(Duration.ofSeconds(90), RetryAfter.parse("Sun, 10 May 2026 12:01:30 GMT", NOW));
    }

    @Test
    void parse_dateInThePastMeansNow() {
        assertEquals(Duration.ZERO, RetryAfter.parse("Sun, 10 May 2026 11:00:00 GMT", NOW));
    }

    @Test
    void parse_missingOrUnreadableGivesDefaultFiveSeconds() {
        assertEquals(Duration.ofSeconds(5), RetryAfter.parse(null, NOW));
        assertEquals(Duration.ofSeconds(5), RetryAfter.parse("", NOW));
        assertEquals(Duration.ofSeconds(5), RetryAfter.parse("-3", NOW));
        assertEquals(Duration.ofSeconds(5), RetryAfter.parse("soon", NOW));
        assertEquals(Duration.ofSeconds(5), RetryAfter.parse("2026-05-10T12:01:30Z", NOW));
    }

    @Test
    void parse_capsAtOneHour() {
        assertEquals(Duration.ofHours(1), RetryAfter.parse("86400", NOW));
        assertEquals(Duration.ofHours(1), RetryAfter.parse("123456789012345678901234567890", NOW));
        assertEquals(Duration.ofHours(1), RetryAfter.parse("Mon, 11 May 2026 12:00:00 GMT", NOW));
    }
}
