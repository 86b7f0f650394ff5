package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tme.scraper.testing.Fixtures;

/** A page parsed from its bytes as they are decoded reads as the same page decoded first. */
class HtmlTest {

    static List<String> fixtures() throws IOException, URISyntaxException {
        return AllFixturesTest.fixtures();
    }

    private static Html bytes(String text) {
        return Html.utf8(Buffer.buffer(text.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyRecordedPage_fromItsBytes_parsesAsFromItsText(String name) {
        String html = Fixtures.read(name);
        for (ParserMode mode : ParserMode.values()) {
            assertEquals(ChannelPageParser.parse(html, mode), ChannelPageParser.parse(bytes(html), mode),
                    name + " " + mode);
        }
        assertEquals(PreviewParser.parse(html), PreviewParser.parse(bytes(html)), name + " preview");
        assertEquals(Dom.parse(html).outerHtml(), bytes(html).parse().outerHtml(), name + " document");
    }

    @Test
    void aCutOffPage_fromItsBytes_isTruncated_asFromItsText() {
        String whole = Fixtures.read("s-durov-2026-05-hortay.html");
        String cut = whole.substring(0, whole.length() / 2);

        Parsed<?> fromBytes = ChannelPageParser.parse(bytes(cut), ParserMode.FULL);

        assertEquals(new Parsed.Anomaly<>(Anomaly.TRUNCATED, "the channel page does not end with </html>"), fromBytes);
        assertEquals(ChannelPageParser.parse(cut, ParserMode.FULL), fromBytes);
        assertFalse(PageChecks.truncated(bytes(whole)));
    }

    @Test
    void theEnds_countCharacters_notBytes() {
        // 1,100 three-byte characters, then 1,100 four-byte ones (two UTF-16 units each): windows cut in characters.
        String text = "<html>" + "ж".repeat(1_100) + "😀".repeat(1_100) + "</html>";
        Html html = bytes(text);

        assertEquals(text.substring(0, 1024), html.start(1024));
        assertEquals(text.substring(text.length() - 1024), html.end(1024));
        assertEquals("<ht", bytes("<html>").start(3));
        assertEquals("<html>", bytes("<html>").end(1024));
    }

    @Test
    void blank_asStringSaysIt() {
        assertTrue(bytes("").isBlank());
        assertTrue(bytes(" \t\r\n\u000b\f\u001c").isBlank());
        assertTrue(bytes(" \u3000 ").isBlank(), "an ideographic space is white space");
        assertFalse(bytes(" \u00a0 ").isBlank(), "a no-break space is not");
        assertFalse(bytes("  x").isBlank());
        assertEquals(new Parsed.Anomaly<>(Anomaly.EMPTY_PAGE, "a blank answer"),
                ChannelPageParser.parse(bytes("\n  \n"), ParserMode.FULL));
    }
}
