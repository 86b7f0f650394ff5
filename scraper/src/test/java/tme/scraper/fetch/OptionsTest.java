package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OptionsTest {

    private static final URI TME = URI.create("https://t.me");

    @Test
    void options_defaultsAreFiveSecondsAndFiftyConnections() {
        assertEquals(new TmeClient.Options(TME, Duration.ofSeconds(5), 50), TmeClient.Options.defaults(TME));
    }

    @Test
    void options_badValuesAreNamedInTheError() {
        assertEquals("timeout must be between 1ms and 24 days: PT0S", message(TME, Duration.ZERO, 1));
        assertEquals("timeout must be between 1ms and 24 days: PT-1S", message(TME, Duration.ofSeconds(-1), 1));
        assertEquals("maxConnections must be >= 1: 0", message(TME, Duration.ofSeconds(1), 0));
        assertEquals("baseUrl must be an absolute http(s) URL: ftp://t.me",
                message(URI.create("ftp://t.me"), Duration.ofSeconds(1), 1));
        assertEquals("baseUrl must be an absolute http(s) URL: t.me",
                message(URI.create("t.me"), Duration.ofSeconds(1), 1));
        assertEquals("baseUrl must not have a query or fragment: https://t.me/?x=1",
                message(URI.create("https://t.me/?x=1"), Duration.ofSeconds(1), 1));
    }

    private static String message(URI baseUrl, Duration timeout, int maxConnections) {
        return assertThrows(IllegalArgumentException.class,
                () -> new TmeClient.Options(baseUrl, timeout, maxConnections)).getMessage();
    }
}
