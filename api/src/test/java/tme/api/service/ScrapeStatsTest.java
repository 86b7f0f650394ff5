package tme.api.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;
import tme.scraper.testing.Fixtures;

/**
 * Parser health: recorded t.me pages lack nothing t.me always sends, and a page whose markup moved under a few
 * posts (dates, ids, content gone) counts each miss by field, while the page is still accepted.
 */
class ScrapeStatsTest {

    static final String DUROV = "s-durov-2026-05-hortay.html";
    final ScrapeStats stats = new ScrapeStats();

    @ParameterizedTest
    @ValueSource(strings = {DUROV, "s-meduzalive-2026-05-hortay.html", "s-topwar_official-2023-02-any2feed.html",
            "s-demo_empty-2026-09-agentkreal.html"})
    void recordedPages_missNothing(String page) {
        for (ParserMode mode : ParserMode.values()) {
            stats.parsed(ok(ChannelPageParser.parse(Fixtures.read(page), mode)));
        }

        Map<String, Long> counted = stats.snapshot();
        for (ParserMiss miss : ParserMiss.values()) {
            assertEquals(0L, counted.get("scrape.misses." + miss.field()), miss + " in " + page);
        }
        assertEquals(2L, counted.get("scrape.pages_parsed"));
    }

    @Test
    void postsWhoseMarkupMoved_countedByField() {
        Document page = Jsoup.parse(Fixtures.read(DUROV));
        List<Element> messages = page.select(".tgme_widget_message_wrap > .tgme_widget_message");
        messages.get(0).select("time").remove();
        messages.get(1).select("time").remove();
        messages.get(2).removeAttr("data-post");
        messages.get(4).select(".tgme_widget_message_text, .tgme_widget_message_photo_wrap,"
                + " .tgme_widget_message_video_player, .tgme_widget_message_link_preview").remove();

        Parsed.Ok<ChannelPage> parsed = ok(ChannelPageParser.parse(page.outerHtml(), ParserMode.FULL));
        stats.parsed(parsed);

        Map<String, Long> counted = stats.snapshot();
        assertEquals(2L, counted.get("scrape.misses.post_date"));
        assertEquals(1L, counted.get("scrape.misses.post_id"));
        assertEquals(1L, counted.get("scrape.misses.post_content"));
        assertEquals(0L, counted.get("scrape.misses.channel_title"));
        assertEquals((long) messages.size() - 1, counted.get("scrape.posts_parsed"), "the message without id is skipped");
    }

    @Test
    void titlesBlank_countedForTheChannelPageAndThePreview() {
        Document page = Jsoup.parse(Fixtures.read(DUROV));
        page.select(".tgme_channel_info_header_title").html("");
        Document card = Jsoup.parse(Fixtures.read("preview-durov-constructed.html"));
        card.select(".tgme_page_title").html("");

        stats.parsed(ok(ChannelPageParser.parse(page.outerHtml(), ParserMode.FULL)));
        stats.parsed(ok(PreviewParser.parse(card.outerHtml())));

        assertEquals(1L, stats.snapshot().get("scrape.misses.channel_title"));
        assertEquals(1L, stats.snapshot().get("scrape.misses.preview_title"));
    }

    @SuppressWarnings("unchecked")
    private static <T> Parsed.Ok<T> ok(Parsed<T> parsed) {
        return (Parsed.Ok<T>) assertInstanceOf(Parsed.Ok.class, parsed);
    }
}
