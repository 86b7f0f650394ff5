package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.scraper.parse.ParsedAssert.ids;
import static tme.scraper.parse.ParsedAssert.ok;
import static tme.scraper.parse.ParsedAssert.plain;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Content;
import tme.scraper.model.Footer;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.testing.Fixtures;

/** Markup surprises: missing nodes give null/empty; broken values drop only their part and count the post. */
class LenientParsingTest {

    private static final String UNSIGNED = "frag-tchantest-unsigned_text_message.html";
    private static final String UNSIGNED_TIME = "<time datetime=\"2023-02-24T07:30:39+00:00\" class=\"time\">07:30</time>";

    private static Parsed.Ok<MorePage> more(String html) {
        return ok(MoreParser.parse(html, ParserMode.FULL));
    }

    @Test
    void missingTime_givesNoDateAndIsNotOdd() {
        Parsed.Ok<MorePage> parsed = more(Fixtures.read(UNSIGNED).replace(UNSIGNED_TIME, ""));

        Post post = parsed.value().posts().getFirst();
        assertEquals(6, post.id());
        assertNull(post.footer().date());
        assertEquals("2", post.footer().views());
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void malformedDate_dropsOnlyTheDateAndCountsThePost() {
        Parsed.Ok<MorePage> parsed = more(Fixtures.read(UNSIGNED)
                .replace("datetime=\"2023-02-24T07:30:39+00:00\"", "datetime=\"yesterday\""));

        Post post = parsed.value().posts().getFirst();
        assertEquals(1, parsed.oddPosts());
        assertEquals(6, post.id());
        assertNull(post.footer().date());
        assertEquals("2", post.footer().views());
        assertEquals("Unsigned message", plain(post.content().text()));
    }

    @Test
    void missingMetaLine_isNotEditedAndNotOdd() {
        Parsed.Ok<MorePage> parsed = more(Fixtures.read(UNSIGNED).replace("tgme_widget_message_meta", "x_meta"));

        assertFalse(parsed.value().posts().getFirst().footer().edited());
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void messageWithoutReadableId_isSkippedAndTheOthersKept() {
        String page = Fixtures.read("s-durov-2026-05-hortay.html")
                .replace("data-post=\"durov/483\"", "data-post=\"durov/\"")
                .replace("data-post=\"durov/485\"", "");

        Parsed.Ok<ChannelPage> parsed = ok(ChannelPageParser.parse(page, ParserMode.FULL));

        assertEquals(2, parsed.oddPosts());
        assertEquals(18, parsed.value().posts().size());
        assertFalse(ids(parsed.value().posts()).contains(483));
    }

    @Test
    void bareMessage_hasEmptyContentAndFooter() {
        Parsed.Ok<MorePage> parsed = more("<div class=\"tgme_widget_message_wrap\">"
                + "<div class=\"tgme_widget_message\" data-post=\"somechannel/5\"></div></div>");

        Post post = parsed.value().posts().getFirst();
        assertEquals(new Post(5, null, Content.EMPTY, Footer.EMPTY, null), post);
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void replyLinkWithoutPostId_keepsTheQuote() {
        String html = Fixtures.read("frag-tchantest-text_reply_to_video.html")
                .replace("href=\"https://t.me/tchantest/19\"", "href=\"https://t.me/tchantest\"");

        Post post = more(html).value().posts().getFirst();

        assertNull(post.content().reply().toMessage());
        assertEquals("Video", plain(post.content().reply().text()));
    }

    @Test
    void unknownCounterAndLabel_areIgnoredOrKept() {
        String page = Fixtures.read("s-demo_empty-2026-09-agentkreal.html")
                .replace("<span class=\"counter_type\">subscriber</span>", "<span class=\"counter_type\">members</span>")
                .replace("<div class=\"tgme_channel_info_header_labels\"></div>",
                        "<div class=\"tgme_channel_info_header_labels\"><i class=\"scam-icon\">SCAM</i></div>");

        ChannelPage parsed = ok(ChannelPageParser.parse(page, ParserMode.FULL)).value();

        assertNull(parsed.channel().counters().subscribers());
        assertEquals(List.of("scam"), parsed.channel().labels());
    }
}
