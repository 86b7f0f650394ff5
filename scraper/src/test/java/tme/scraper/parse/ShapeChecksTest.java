package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.parse.ParsedAssert.ok;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import tme.scraper.model.MorePage;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.Surprises;

/** Every parser names the exact {@link Anomaly} kind of a page that is not what t.me serves, in both modes. */
class ShapeChecksTest {

    private static final String DUROV = "s-durov-2026-05-hortay.html";
    private static final String CONTACT = "notfound-zzqxnonexistenthandle99887766-2026-neotolis.html";
    private static final String CARD = "preview-durov-constructed.html";

    @Test
    void anomalyNames_areStableMetricNames() {
        assertEquals(List.of("captcha", "challenge", "empty_page", "truncated", "blocks_without_posts",
                "no_posts_unexplained", "posts_without_id_or_date", "unknown_page", "posts_vanished",
                "search_not_echoed"),
                Arrays.stream(Anomaly.values()).map(Anomaly::metricName).toList());
    }

    @Test
    void parsedAnomaly_reasonIsKindAndDetail() {
        Parsed.Anomaly<?> anomaly = assertInstanceOf(Parsed.Anomaly.class, ChannelPageParser.parse(
                Surprises.truncated("durov"), ParserMode.FULL));

        assertEquals(Anomaly.TRUNCATED, anomaly.kind());
        assertEquals("the channel page does not end with </html>", anomaly.detail());
        assertEquals("truncated: the channel page does not end with </html>", anomaly.reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " \n\t", "<html><head><title></title></head><body></body></html>",
            "<html><body><script>location.reload()</script>\n</body></html>"})
    void blankOrBodilessAnswer_isEmptyPageEverywhere(String html) {
        assertPage(Anomaly.EMPTY_PAGE, html);
        assertEquals(Anomaly.EMPTY_PAGE, kind(PreviewParser.parse(html)));
        if (!html.isBlank()) { // a blank "more" answer is t.me's "nothing left"
            assertMore(Anomaly.EMPTY_PAGE, html);
        }
        assertEquals(Anomaly.EMPTY_PAGE, kind(ChannelPageParser.parse((String) null, ParserMode.FULL)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"durov", "meduzalive", "topwar_official", "demo_empty"})
    void recordedPageCutInHalf_isTruncated(String channel) {
        assertPage(Anomaly.TRUNCATED, Surprises.truncated(channel));
    }

    @Test
    void pagesCutBeforeTheirHeaderOrCard_areTruncatedNotUnknownOrNotFound() {
        String durov = Fixtures.read(DUROV);
        String contact = Fixtures.read(CONTACT);
        String card = Fixtures.read(CARD);

        assertPage(Anomaly.TRUNCATED, durov.substring(0, 2000));
        assertPage(Anomaly.TRUNCATED, contact.substring(0, contact.length() - 200));
        assertEquals(Anomaly.TRUNCATED, kind(PreviewParser.parse(card.substring(0, card.length() - 200))));
        assertEquals(Anomaly.TRUNCATED, kind(PreviewParser.parse(card.substring(0, 1500))));
    }

    @Test
    void renamedMessageMarkup_isBlocksWithoutPosts() {
        String renamed = Surprises.headerWithoutPosts("durov");

        assertTrue(renamed.contains("data-post=\"durov/502\"") && !renamed.contains("tgme_widget_message"));
        assertPage(Anomaly.BLOCKS_WITHOUT_POSTS, renamed);
        assertMore(Anomaly.BLOCKS_WITHOUT_POSTS, history(renamed));
    }

    @Test
    void messagesWithoutReadableIds_areBlocksWithoutPosts() {
        String page = Fixtures.read(DUROV).replaceAll("data-post=\"durov/(\\d+)\"", "data-post=\"durov/p$1\"");

        assertPage(Anomaly.BLOCKS_WITHOUT_POSTS, page);
    }

    @Test
    void headerWithoutHistory_isNoPostsUnexplained() {
        assertPage(Anomaly.NO_POSTS_UNEXPLAINED, Surprises.historyRemoved("durov"));
        assertPage(Anomaly.NO_POSTS_UNEXPLAINED, Surprises.historyRemoved("demo_empty"));
    }

    @Test
    void mostPostsWithoutDate_isPostsWithoutIdOrDate() {
        String undated = Fixtures.read(DUROV).replace("<time datetime=", "<time data-when=");

        assertPage(Anomaly.POSTS_WITHOUT_ID_OR_DATE, undated);
        assertMore(Anomaly.POSTS_WITHOUT_ID_OR_DATE, history(undated));
    }

    @Test
    void halfThePostsWithoutDate_isStillOk() {
        String page = Fixtures.read(DUROV);
        for (int i = 0; i < 10; i++) { // 10 of 20: not more than half
            page = page.replaceFirst("<time datetime=", "<time data-when=");
        }

        assertEquals(20, ok(ChannelPageParser.parse(page, ParserMode.FULL)).value().posts().size());
    }

    @Test
    void captchaAndChallengePages_areNamedSoByEveryParser() {
        assertPage(Anomaly.CAPTCHA, Surprises.captchaPage());
        assertMore(Anomaly.CAPTCHA, Surprises.captchaPage());
        assertEquals(Anomaly.CAPTCHA, kind(PreviewParser.parse(Surprises.captchaPage())));
        assertPage(Anomaly.CHALLENGE, Surprises.challengePage());
        assertMore(Anomaly.CHALLENGE, Surprises.challengePage());
        assertEquals(Anomaly.CHALLENGE, kind(PreviewParser.parse(Surprises.challengePage())));
    }

    @Test
    void proxyErrorPagesServedWith200_areUnknownPages() {
        for (String html : List.of(Surprises.proxyError(502), Surprises.cloudflareError(504),
                Surprises.accessDenied())) {
            assertPage(Anomaly.UNKNOWN_PAGE, html);
            assertMore(Anomaly.UNKNOWN_PAGE, html);
            assertEquals(Anomaly.UNKNOWN_PAGE, kind(PreviewParser.parse(html)));
        }
    }

    @Test
    void aPostThatTalksAboutCaptchas_isNoCaptchaPage() {
        String page = Fixtures.read(DUROV).replaceFirst("(<div class=\"tgme_widget_message_text[^>]*>)",
                "$1Just a moment... please solve the captcha (cf-challenge) ");

        assertEquals(20, ok(ChannelPageParser.parse(page, ParserMode.FULL)).value().posts().size());
        assertEquals(20, ok(MoreParser.parse(history(page), ParserMode.FULL)).value().posts().size());
    }

    @Test
    void more_emptyAnswersAreLegitimate() {
        assertEquals(MorePage.EMPTY, ok(MoreParser.parse("", ParserMode.FULL)).value());
        assertEquals(List.of(), ok(MoreParser.parse(Fixtures.read("frag-tchantest-no_posts_found.html"),
                ParserMode.FULL)).value().posts());
    }

    private static void assertPage(Anomaly expected, String html) {
        for (ParserMode mode : ParserMode.values()) {
            assertEquals(expected, kind(ChannelPageParser.parse(html, mode)), "page, " + mode);
        }
    }

    private static void assertMore(Anomaly expected, String html) {
        for (ParserMode mode : ParserMode.values()) {
            assertEquals(expected, kind(MoreParser.parse(html, mode)), "more, " + mode);
        }
    }

    static Anomaly kind(Parsed<?> parsed) {
        return assertInstanceOf(Parsed.Anomaly.class, parsed, () -> "expected an anomaly: " + parsed).kind();
    }

    /** The message history section of a page: the wraps a "more" answer carries. */
    private static String history(String html) {
        int start = html.indexOf("<section class=\"tgme_channel_history");
        return html.substring(start, html.indexOf("</section>", start) + "</section>".length());
    }
}
