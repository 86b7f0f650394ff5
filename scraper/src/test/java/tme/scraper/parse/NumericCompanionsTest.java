package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.scraper.parse.ParsedAssert.ok;
import static tme.scraper.parse.ParsedAssert.post;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.testing.Fixtures;

/** The numbers behind t.me's display strings (views, subscribers, reactions, voters), read from recorded pages. */
class NumericCompanionsTest {

    private static ChannelPage page(String fixture) {
        return ok(ChannelPageParser.parse(Fixtures.read(fixture), ParserMode.FULL)).value();
    }

    @Test
    void durov_viewsCounts() {
        List<Post> posts = page("s-durov-2026-05-hortay.html").posts();

        assertEquals(2_190_000L, post(posts, 481).footer().viewsCount());
        assertEquals(1_640_000L, post(posts, 490).footer().viewsCount());
        assertEquals(2_000_000L, post(posts, 499).footer().viewsCount(), "\"2M\"");
        assertEquals(247_000L, posts.getLast().footer().viewsCount(), "\"247K\"");
        assertEquals(10_100_000L, page("s-durov-2026-05-hortay.html").channel().counters().subscribersCount());
    }

    @Test
    void meduzalive_and_topwar_viewsCounts() {
        List<Post> meduza = page("s-meduzalive-2026-05-hortay.html").posts();
        List<Post> topwar = page("s-topwar_official-2023-02-any2feed.html").posts();

        assertEquals(104_000L, meduza.getFirst().footer().viewsCount());
        assertEquals(96_900L, meduza.get(2).footer().viewsCount(), "\"96.9K\"");
        assertEquals(37_200L, topwar.getFirst().footer().viewsCount());
        assertEquals(29_000L, topwar.get(6).footer().viewsCount(), "\"29.0K\"");
        assertEquals(1_100_000L, page("s-meduzalive-2026-05-hortay.html").channel().counters().subscribersCount());
    }

    /** Every shown view count of every full page has its number, and the number reads back as the text. */
    @ParameterizedTest
    @ValueSource(strings = {"s-durov-2026-05-hortay.html", "s-meduzalive-2026-05-hortay.html",
            "s-topwar_official-2023-02-any2feed.html"})
    void everyShownViewCount_hasItsNumber(String fixture) {
        for (Post post : page(fixture).posts()) {
            String shown = post.footer().views();
            assertNotNull(shown, fixture + " post " + post.id());
            assertEquals(roughly(shown), post.footer().viewsCount(), fixture + " post " + post.id() + ": " + shown);
        }
    }

    @Test
    void serviceMessage_hasNoViews_andASingleSubscriberIsOne() {
        ChannelPage empty = page("s-demo_empty-2026-09-agentkreal.html");

        assertNull(empty.posts().getFirst().footer().viewsCount());
        assertEquals(1L, empty.channel().counters().subscribersCount(), "\"1 subscriber\"");
    }

    @Test
    void durov_reactionCounts_starsAndCustomEmoji() {
        List<Reaction> reactions = post(page("s-durov-2026-05-hortay.html").posts(), 497).content().reactions();

        assertEquals(List.of(5_060L, 35_000L, 13_700L, 9_130L, 2_730L),
                reactions.stream().map(Reaction::countValue).toList());
    }

    @Test
    void poll_votersCount() {
        Post post = ok(MoreParser.parse(Fixtures.read("frag-any2feed-message_poll.html"), ParserMode.FULL))
                .value().posts().getFirst();

        assertEquals(222L, post.content().poll().votesCount());
        assertEquals(1_100L, post.footer().viewsCount());
    }

    /** An independent reading of t.me's format: a decimal number times 1000 for K, a million for M. */
    private static long roughly(String shown) {
        double scale = shown.endsWith("M") ? 1e6 : shown.endsWith("K") ? 1e3 : 1;
        String digits = scale == 1 ? shown : shown.substring(0, shown.length() - 1);
        return Math.round(Double.parseDouble(digits) * scale);
    }
}
