package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static tme.scraper.parse.ParsedAssert.ids;
import static tme.scraper.parse.ParsedAssert.ok;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import tme.scraper.model.MorePage;
import tme.scraper.model.Offset;
import tme.scraper.testing.Fixtures;

/**
 * "More" fragments. No answer of t.me's load-more call was ever recorded (SOURCES.md section 4), so the
 * realistic fragment here is the recorded history section of a page: the same message wraps and more-wraps
 * t.me's script inserts, as SOURCES.md section 3 describes the answer.
 */
class MoreParserTest {

    /** The more-wrap to newer posts that ends a {@code ?before} page (SOURCES.md section 3). */
    private static final String AFTER_502 = "<div class=\"tgme_widget_message_centered js-messages_more_wrap\">"
            + "<a href=\"/s/durov?after=502\" class=\"tme_messages_more js-messages_more\" data-after=\"502\"></a></div>";

    private static Element durovHistorySection() {
        return Jsoup.parse(Fixtures.read("s-durov-2026-05-hortay.html")).selectFirst("section.tgme_channel_history");
    }

    private static String durovHistory() {
        return durovHistorySection().html();
    }

    @Test
    void emptyAnswer_meansNothingLeft() {
        Parsed.Ok<MorePage> parsed = ok(MoreParser.parse("", ParserMode.FULL));

        assertEquals(MorePage.EMPTY, parsed.value());
        assertEquals(0, parsed.oddPosts());
        assertEquals(MorePage.EMPTY, ok(MoreParser.parse("  \n", ParserMode.FULL)).value());
    }

    @Test
    void historyFragment_postsAndOlderCursor() {
        Parsed.Ok<MorePage> parsed = ok(MoreParser.parse(durovHistory(), ParserMode.FULL));

        assertEquals(20, parsed.value().posts().size());
        assertEquals(481, parsed.value().posts().getFirst().id());
        assertEquals(502, parsed.value().posts().getLast().id());
        assertEquals(new Offset(481, null), parsed.value().offset());
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void fragmentWithBothMoreLinks_givesBothCursors() {
        MorePage page = ok(MoreParser.parse(durovHistory() + AFTER_502, ParserMode.FULL)).value();

        assertEquals(new Offset(481, 502), page.offset());
    }

    @Test
    void lastPartialPage_hasPostsButNoCursor() {
        Element history = durovHistorySection();
        history.select(".js-messages_more_wrap").remove();

        MorePage page = ok(MoreParser.parse(history.html(), ParserMode.FULL)).value();

        assertEquals(20, page.posts().size());
        assertEquals(Offset.NONE, page.offset());
    }

    @Test
    void singleWrapFragments_giveTheirPost() {
        assertEquals(List.of(92), ids(ok(MoreParser.parse(
                Fixtures.read("frag-tchantest-service_message_pinned.html"), ParserMode.FULL)).value().posts()));
        assertEquals(List.of(70991), ids(ok(MoreParser.parse(
                Fixtures.read("frag-any2feed-message_text.html"), ParserMode.FULL)).value().posts()));
    }

    @Test
    void noPostsFound_isAnOkEmptyPage() {
        Parsed.Ok<MorePage> parsed = ok(MoreParser.parse(
                Fixtures.read("frag-tchantest-no_posts_found.html"), ParserMode.FULL));

        assertEquals(List.of(), parsed.value().posts());
        assertEquals(Offset.NONE, parsed.value().offset());
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void contactPage_isNotFound() {
        assertInstanceOf(Parsed.NotFound.class, MoreParser.parse(
                Fixtures.read("notfound-zzqxnonexistenthandle99887766-2026-neotolis.html"), ParserMode.FULL));
    }

    @Test
    void markupWithoutMessages_isAnAnomaly() {
        assertEquals(Anomaly.UNKNOWN_PAGE, ShapeChecksTest.kind(MoreParser.parse(
                "<html><body>Too many requests</body></html>", ParserMode.FULL)));
        // A bare media block is not an answer t.me gives to "more".
        assertEquals(Anomaly.UNKNOWN_PAGE, ShapeChecksTest.kind(MoreParser.parse(
                Fixtures.read("frag-any2feed-media_photo.html"), ParserMode.FULL)));
    }

    @Test
    void oldEmbedWithoutPostId_isSkippedAndCounted() {
        Parsed.Ok<MorePage> parsed = ok(MoreParser.parse(
                Fixtures.read("embed-K1inUSA-2018-telegtools.html"), ParserMode.FULL));

        assertEquals(List.of(), parsed.value().posts());
        assertEquals(1, parsed.oddPosts());
    }
}
