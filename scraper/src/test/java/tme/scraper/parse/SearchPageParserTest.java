package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.SearchPage;

/**
 * The search page parser over search pages shaped as t.me's ({@link SearchPage}, made from the recorded durov page):
 * the matches are the channel page's own posts, unchanged (highlights unwrapped), "No posts found" for this query is
 * an empty answer, and a page that does not echo the query, or shows no posts without saying so, is an anomaly.
 */
class SearchPageParserTest {

    static final String DUROV = Fixtures.read("s-durov-2026-05-hortay.html");
    static final ChannelPage PAGE = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(DUROV, ParserMode.FULL)).value();

    static List<Post> holding(String word) {
        Pattern whole = Pattern.compile("(?<![\\p{L}\\p{N}_])" + word + "(?![\\p{L}\\p{N}_])",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        return PAGE.posts().stream().filter(post -> whole.matcher((post.content().text() == null ? ""
                : post.content().text().string()) + "\n" + (post.content().preview() == null ? ""
                : post.content().preview().title() + "\n" + post.content().preview().siteName() + "\n"
                + (post.content().preview().description() == null ? "" : post.content().preview().description().string())))
                .find()).toList();
    }

    static ChannelPage ok(Parsed<ChannelPage> parsed) {
        return assertInstanceOf(Parsed.Ok.class, parsed, parsed.toString()) instanceof Parsed.Ok<?> ok
                ? (ChannelPage) ok.value() : null;
    }

    @Test
    void matches_areTheChannelPagesOwnPosts_withTheHighlightsUnwrapped() {
        String html = SearchPage.of(DUROV, "telegram", null, 20);
        assertTrue(html.contains("<mark class=\"highlight\">Telegram</mark>"), "t.me's highlight is on the page");

        ChannelPage found = ok(SearchPageParser.parse(html, ParserMode.FULL, "telegram"));

        assertEquals(holding("telegram"), found.posts(), "the same records as on the channel page, text and html");
        assertEquals(12, found.posts().size());
        assertEquals(PAGE.channel(), found.channel());
        assertNull(found.offset().before(), "every match on one page: no older ones");
        assertNull(found.offset().after());
    }

    @Test
    void pagedMatches_carryTheCursorToOlderOnes_only() {
        ChannelPage newest = ok(SearchPageParser.parse(SearchPage.of(DUROV, "Telegram", null, 5), ParserMode.FULL,
                "telegram"));
        List<Post> all = holding("telegram");

        assertEquals(all.subList(all.size() - 5, all.size()), newest.posts());
        assertEquals(all.get(all.size() - 5).id(), newest.offset().before());
        ChannelPage older = ok(SearchPageParser.parse(SearchPage.of(DUROV, "telegram", newest.offset().before(), 5),
                ParserMode.FULL, "TELEGRAM"));
        assertEquals(all.subList(all.size() - 10, all.size() - 5), older.posts());
        assertNull(older.offset().after(), "a search pages backwards only");
    }

    @Test
    void noPostsFound_forTheQueryAsked_isAnEmptyAnswer() {
        ChannelPage none = ok(SearchPageParser.parse(SearchPage.of(DUROV, "zzqwxnonexistentterm", null, 20),
                ParserMode.FULL, "zzqwxnonexistentterm"));

        assertEquals(List.of(), none.posts());
        assertEquals(PAGE.channel(), none.channel());
        assertNull(none.offset().before());
    }

    @Test
    void aPageThatDoesNotEchoTheQuery_isNotASearchAnswer() {
        Parsed<ChannelPage> plain = SearchPageParser.parse(DUROV, ParserMode.FULL, "telegram");
        Parsed<ChannelPage> other = SearchPageParser.parse(SearchPage.of(DUROV, "whatsapp", null, 20), ParserMode.FULL,
                "telegram");
        Parsed<ChannelPage> emptyOther = SearchPageParser.parse(SearchPage.of(DUROV, "zzqwx", null, 20),
                ParserMode.FULL, "telegram");

        assertEquals("search_not_echoed: the search box holds \"\", not the query",
                assertInstanceOf(Parsed.Anomaly.class, plain).reason());
        assertEquals(Anomaly.SEARCH_NOT_ECHOED, assertInstanceOf(Parsed.Anomaly.class, other).kind());
        assertEquals(Anomaly.SEARCH_NOT_ECHOED, assertInstanceOf(Parsed.Anomaly.class, emptyOther).kind(),
                "\"No posts found\" for another query says nothing of this one");
    }

    @Test
    void noPostsWithoutTmesMarker_isStillAnAnomaly() {
        String wrap = "<div class=\"tgme_widget_message_wrap js-widget_message_wrap\"><div class=\"tgme_widget_message_centered\">"
                + "<div class=\"tme_no_messages_found\">No posts found</div></div></div>";
        String found = SearchPage.of(DUROV, "zzqwx", null, 20);
        assertTrue(found.contains(wrap), "the page says \"No posts found\" as t.me does");
        String html = found.replace(wrap, "");

        Parsed<ChannelPage> parsed = SearchPageParser.parse(html, ParserMode.FULL, "zzqwx");

        assertEquals(Anomaly.NO_POSTS_UNEXPLAINED, assertInstanceOf(Parsed.Anomaly.class, parsed).kind());
    }

    @Test
    void theEchoIsComparedAsTmeComparesQueries() {
        String html = SearchPage.of(DUROV, "Digital  Services", null, 20);

        assertTrue(SearchPageParser.parse(html, ParserMode.FULL, "digital services") instanceof Parsed.Ok);
    }
}
