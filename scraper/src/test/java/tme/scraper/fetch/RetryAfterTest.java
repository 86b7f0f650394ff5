package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.buffer.Buffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-05-10T12:00:00Z");
    private static final String BOT_API_429 = "{\"ok\":false,\"error_code\":429,"
            + "\"description\":\"Too Many Requests: retry after 7\",\"parameters\":{\"retry_after\":7}}";

    @Test
    void parse_readsDelaySeconds() {
        assertEquals(Optional.of(Duration.ofSeconds(7)), RetryAfter.parse("7", NOW));
        assertEquals(Optional.of(Duration.ofSeconds(120)), RetryAfter.parse(" 120 ", NOW));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("0", NOW));
    }

    @Test
    void parse_readsImfFixdateRelativeToNow() {
        assertEquals(Optional.of(Duration.ofSeconds(90)), RetryAfter.parse("Sun, 10 May 2026 12:01:30 GMT", NOW));
    }

    @Test
    void parse_readsObsoleteRfc850Date() {
        assertEquals(Optional.of(Duration.ofSeconds(45)), RetryAfter.parse("Sunday, 10-May-26 12:00:45 GMT", NOW));
    }

    @Test
    void parse_readsAsctimeDate() {
        assertEquals(Optional.of(Duration.ofMinutes(2)), RetryAfter.parse("Sun May 10 12:02:00 2026", NOW));
        // asctime pads a one-digit day with a space: "May  3".
        assertEquals(Optional.of(Duration.ofSeconds(20)),
                RetryAfter.parse("Sun May  3 12:00:20 2026", Instant.parse("2026-05-03T12:00:00Z")));
    }

    @Test
    void parse_dateInThePastMeansNow() {
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Sun, 10 May 2026 11:00:00 GMT", NOW));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Sunday, 10-May-26 11:59:59 GMT", NOW));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Thu Jan  1 00:00:00 1970", NOW));
    }

    @Test
    void parse_missingOrUnreadableIsEmpty() {
        assertEquals(Optional.empty(), RetryAfter.parse(null, NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("   ", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("soon", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("7.5", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("2026-05-10T12:01:30Z", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("Sun, 99 Foo 2026 12:01:30 GMT", NOW));
    }

    @Test
    void parse_negativeIsEmpty() {
        assertEquals(Optional.empty(), RetryAfter.parse("-3", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("-0", NOW));
    }

    @Test
    void parse_capsAtOneHour() {
        assertEquals(Optional.of(Duration.ofHours(1)), RetryAfter.parse("86400", NOW));
        assertEquals(Optional.of(Duration.ofHours(1)), RetryAfter.parse("3601", NOW));
        assertEquals(Optional.of(Duration.ofHours(1)), RetryAfter.parse("3600", NOW));
        assertEquals(Optional.of(Duration.ofHours(1)), RetryAfter.parse("123456789012345678901234567890", NOW));
        assertEquals(Optional.of(Duration.ofHours(1)), RetryAfter.parse("Mon, 11 May 2026 12:00:00 GMT", NOW));
        assertEquals(Optional.of(Duration.ofHours(1)), RetryAfter.parse("Fri Dec 31 23:59:59 9999", NOW));
    }

    @Test
    void fromJson_readsBotApiRetryAfter() {
        assertEquals(Optional.of(Duration.ofSeconds(7)), RetryAfter.fromJson(Buffer.buffer(BOT_API_429)));
        assertEquals(Optional.of(Duration.ZERO),
                RetryAfter.fromJson(Buffer.buffer(" {\"parameters\":{\"retry_after\":0}} ")));
        assertEquals(Optional.of(Duration.ofHours(1)),
                RetryAfter.fromJson(Buffer.buffer("{\"parameters\":{\"retry_after\":99999999999}}")));
    }

    @Test
    void fromJson_otherShapesAreEmpty() {
        for (String body : new String[] {"", "Too Many Requests", "<html><body>429</body></html>", "{", "[7]", "7",
                "{\"ok\":false,\"error_code\":429}", "{\"retry_after\":7}", "{\"parameters\":7}",
                "{\"parameters\":{\"retry_after\":\"7\"}}", "{\"parameters\":{\"retry_after\":-1}}",
                "{\"parameters\":{\"retry_after\":1.5}}", "{\"parameters\":{\"retry_after\":null}}"}) {
            assertEquals(Optional.empty(), RetryAfter.fromJson(Buffer.buffer(body)), body);
        }
        assertEquals(Optional.empty(), RetryAfter.fromJson(null));
    }

    @Test
    void of_headerWinsOverTheJsonBody() {
        Buffer json = Buffer.buffer(BOT_API_429);

        assertEquals(Optional.of(Duration.ofSeconds(3)), RetryAfter.of("3", json, NOW));
        assertEquals(Optional.of(Duration.ofSeconds(7)), RetryAfter.of(null, json, NOW));
        assertEquals(Optional.of(Duration.ofSeconds(7)), RetryAfter.of("garbage", json, NOW), "an unusable header");
        assertEquals(Optional.empty(), RetryAfter.of(null, Buffer.buffer("Too Many Requests"), NOW));
    }
}
