package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tme.scraper.testing.Fixtures;

/** A page's drawings are left out before it is parsed, and nothing a parser reads goes with them. */
class DecorationsTest {

    static List<String> fixtures() throws IOException, URISyntaxException {
        return AllFixturesTest.fixtures();
    }

    private static int[] spans(String text) {
        return Decorations.spans(text);
    }

    @Test
    void theDurovPage_losesItsTwentyFourDrawings_aQuarterOfItsBytes() {
        String page = Fixtures.read("s-durov-2026-05-hortay.html");

        int[] spans = spans(page);

        assertEquals(48, spans.length, "24 drawings: the header's 4 icons, then the tail of each of 20 posts' bubbles");
        assertEquals("<svg class=\"bubble_icon\"", page.substring(spans[8], spans[8] + 24));
        assertEquals("</svg>", page.substring(spans[9] - 6, spans[9]));
        assertEquals(page.length() - 34_440, Decorations.without(page).length());
        assertEquals(page.replaceAll("(?s)<svg.*?</svg>", ""), Decorations.without(page));
    }

    /** What the parsers get is jsoup's whole document less its svg elements, and no selector asks for one. */
    @ParameterizedTest
    @MethodSource("fixtures")
    void everyRecordedPage_parsesAsItsWholeDocument_lessItsDrawings(String name) {
        String html = Fixtures.read(name);
        Document whole = Jsoup.parse(html);
        whole.select("svg").remove();
        whole.outputSettings().prettyPrint(false);
        WellFormed.fix(whole);

        assertEquals(whole.outerHtml(), Dom.parse(html).outerHtml(), name);
    }

    @Test
    void noSelector_readsADrawing() throws IllegalAccessException {
        List<String> selectors = SimpleQueryTest.selectors();

        assertTrue(selectors.size() >= 100 && selectors.contains(".tgme_widget_message_reactions .tgme_reaction"),
                "every String constant of Selectors, read: " + selectors.size());
        for (String query : selectors) {
            assertFalse(query.toLowerCase().matches("(?s).*\\b(svg|path|use|g|defs|circle)\\b.*"), query);
        }
    }

    @Test
    void nestedDrawings_goAsOne_andSelfClosedOnesEndAtTheirOwnTag() {
        String nested = "a<svg><g><svg viewBox=\"0 0 1 1\"><path d=\"M0\"/></svg></g></svg >b";
        String selfClosed = "a<svg class=\"x\"/>b<svg>c</svg>d";

        assertEquals("ab", Decorations.without(nested));
        assertArrayEquals(new int[] {1, nested.length() - 1}, spans(nested));
        assertEquals("abd", Decorations.without(selfClosed));
    }

    @Test
    void bytes_areScannedInBytes() {
        String text = "ж<svg>x</svg>y<svg/>";

        assertArrayEquals(new int[] {1, 13, 14, 20}, spans(text));
        assertArrayEquals(new int[] {2, 14, 15, 21}, Decorations.spans(Buffer.buffer(text)));
        assertArrayEquals(new int[] {2, 14, 15, 21}, Decorations.spans(Buffer.buffer("xx" + text).slice(2, 23)));
    }

    @Test
    void otherTags_quotedBrackets_andADrawingThatNeverEnds_areLeftAsTheyAre() {
        String lookalike = "<svgx>a</svgx><p>b</p>";
        String quoted = "<svg title=\"a > b\">x</svg>y";
        String unended = "<p>a</p><svg><path d=\"M0\"/>";

        assertSame(lookalike, Decorations.without(lookalike));
        assertEquals("y", Decorations.without(quoted));
        assertSame(unended, Decorations.without(unended));
        assertArrayEquals(new int[0], spans("<p>no drawings</p>"));
    }
}
