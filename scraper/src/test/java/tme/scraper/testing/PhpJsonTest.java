package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.Json;
import org.junit.jupiter.api.Test;

class PhpJsonTest {

    @Test
    void string_escapesLikePhpJsonEncode() {
        assertEquals("\"a\\/b \\\"c\\\" \\\\ \\n\\t\"", PhpJson.string("a/b \"c\" \\ \n\t"));
        assertEquals("\"\\u00e9\\u2019\\ud83d\\udc8e\\u0001\"", PhpJson.string("é’💎\u0001"));
        assertEquals("\"\"", PhpJson.string(""));
    }

    @Test
    void string_roundTripsAWholeRecordedPage() {
        String page = Fixtures.read("s-meduzalive-2026-05-hortay.html");

        assertEquals(page, Json.decodeValue(PhpJson.string(page)));
    }
}
