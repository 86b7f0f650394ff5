package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.parse.ParsedAssert.ids;
import static tme.scraper.parse.ParsedAssert.ok;
import static tme.scraper.parse.ParsedAssert.plain;
import static tme.scraper.parse.ParsedAssert.post;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Counters;
import tme.scraper.model.Offset;
import tme.scraper.model.Post;
import tme.scraper.model.ServiceMessage;
import tme.scraper.testing.Fixtures;

class ChannelPageParserTest {

    private static final String DUROV_AVATAR = "https://cdn4.telesco.pe/file/v0YAEbQuCbXHc-W7EBO3eOaq18RyoUS7r2WPN216_"
            + "WhXD8LkxIanVntKuQPDXbwEMGeXO5xTrFpXfNYrKoN6GDraxFN0cjtZApJV6DhT166fIal12bW7MMRA9AQ6frQsl8V52dsQ8Dt4"
            + "q0Jfmk4KE8hGSxBO_Yn7OnrZenxAWZZ4cRNDlNWfOSvPnxlHLibvvwlnWT9T63h7c05oMlXj6is6GGO2NIVZd_WIBHQT0qF2_Pi"
            + "LxG3d61hrm2XgPvCWQXTdfNZG5yu6IE48ZyGmBP21oNFDRs94UpW4wxtYuXhQEO_gEbIGIUGfwCGiHbcXSVNMHZuVXnMNO781MN"
            + "XCmg.jpg";

    private static Parsed.Ok<ChannelPage> page(String fixture) {
        return ok(ChannelPageParser.parse(Fixtures.read(fixture), ParserMode.FULL));
    }

    @Test
    void durov_header() {
        Channel channel = page("s-durov-2026-05-hortay.html").value().channel();

        assertEquals("durov", channel.username());
        assertEquals("Pavel Durov", plain(channel.title()));
        assertEquals("Pavel Durov", channel.title().html());
        assertEquals("Founder of Telegram.", plain(channel.description()));
        assertEquals(DUROV_AVATAR, channel.avatar());
        assertEquals(new Counters("10.1M", "93", "39", null, "177"), channel.counters());
        assertEquals(List.of("verified"), channel.labels());
    }

    @Test
    void durov_postsOffsetAndNoOddPosts() {
        Parsed.Ok<ChannelPage> parsed = page("s-durov-2026-05-hortay.html");
        ChannelPage page = parsed.value();

        assertEquals(0, parsed.oddPosts());
        assertEquals(List.of(481, 482, 483, 485, 486, 487, 488, 489, 490, 491, 493, 494, 495, 496, 497, 498, 499,
                500, 501, 502), ids(page.posts()));
        assertEquals(new Offset(481, null), page.offset());
    }

    @Test
    void durov_firstPostFooterAndView() {
        Post post = post(page("s-durov-2026-05-hortay.html").value().posts(), 481);

        assertEquals("eyJjIjotMTAwNjUwMzEyMiwicCI6NDgxLCJ0IjoxNzc3OTk5NTIwLCJoIjoiNzJjMjc1MjcwYjU4MTEyZTBmIn0",
                post.view());
        assertEquals("2.19M", post.footer().views());
        assertTrue(post.footer().edited());
        assertEquals("Pavel Durov", plain(post.footer().author()));
        assertEquals("2026-04-08T22:36:42+00:00", post.footer().date().string());
        assertEquals(1775687802L, post.footer().date().unix());
        assertTrue(plain(post.content().text()).startsWith("🇪🇺 The EU is trying to justify its push"));
        assertNull(post.forwarded());
        assertNull(post.content().reply());
    }

    @Test
    void durov_editedOnlyWhereTheMetaLineSaysSo() {
        List<Integer> edited = page("s-durov-2026-05-hortay.html").value().posts().stream()
                .filter(post -> post.footer().edited()).map(Post::id).toList();

        assertEquals(List.of(481, 495, 496, 497, 499), edited);
    }

    @Test
    void durov_lastPostFooter() {
        Post post = post(page("s-durov-2026-05-hortay.html").value().posts(), 502);

        assertEquals("247K", post.footer().views());
        assertFalse(post.footer().edited());
        assertEquals("2026-05-05T15:46:44+00:00", post.footer().date().string());
        assertEquals(1777996004L, post.footer().date().unix());
    }

    @Test
    void meduzalive_headerWithFilesCounterAndLinkedDescription() {
        Parsed.Ok<ChannelPage> parsed = page("s-meduzalive-2026-05-hortay.html");
        Channel channel = parsed.value().channel();

        assertEquals(0, parsed.oddPosts());
        assertEquals("meduzalive", channel.username());
        assertEquals("Медуза — LIVE", plain(channel.title()));
        assertEquals(new Counters("1.1M", "24.8K", "5.09K", "39", "109K"), channel.counters());
        assertEquals(List.of("verified"), channel.labels());
        assertTrue(plain(channel.description()).startsWith("Главный телеграм-канал «Медузы». Для связи: @m_needs_you"));
        assertTrue(channel.description().html().contains("<a href=\"https://t.me/m_needs_you\" target=\"_blank\">"));
        assertEquals(new Offset(141878, null), parsed.value().offset());
    }

    @Test
    void meduzalive_albumsTakeOneIdEach() {
        List<Post> posts = page("s-meduzalive-2026-05-hortay.html").value().posts();

        assertEquals(List.of(141878, 141879, 141880, 141881, 141882, 141883, 141884, 141885, 141886, 141887, 141888,
                141889, 141890, 141893, 141894, 141895, 141896), ids(posts));
    }

    @Test
    void meduzalive_albumCaptionIsTheInnerTextWithoutTheNestedWrapper() {
        Post album = post(page("s-meduzalive-2026-05-hortay.html").value().posts(), 141890);

        assertTrue(plain(album.content().text()).startsWith("Войска РФ сбросили корректируемые авиабомбы"));
        assertTrue(album.content().text().html().startsWith("<b>Войска РФ сбросили"));
        assertFalse(album.content().text().html().contains("tgme_widget_message_text"));
    }

    @Test
    void meduzalive_forwardedPostsNameTheirSource() {
        List<Post> posts = page("s-meduzalive-2026-05-hortay.html").value().posts();

        Post fromNews = post(posts, 141878);
        assertEquals("Медуза — все новости", plain(fromNews.forwarded().name()));
        assertEquals("https://t.me/meduza_news/89905", fromNews.forwarded().url());
        assertEquals("https://t.me/meduza_books/227", post(posts, 141884).forwarded().url());
        assertEquals("Plot", plain(post(posts, 141893).forwarded().name()));
        assertEquals("https://t.me/plottwist_m/3599", post(posts, 141893).forwarded().url());
        assertNull(post(posts, 141879).forwarded());
    }

    @Test
    void meduzalive_editedAndViews() {
        List<Post> posts = page("s-meduzalive-2026-05-hortay.html").value().posts();

        assertEquals(List.of(141886), posts.stream().filter(p -> p.footer().edited()).map(Post::id).toList());
        assertEquals("104K", post(posts, 141878).footer().views());
        assertEquals("23.2K", post(posts, 141896).footer().views());
        assertNull(post(posts, 141878).footer().author());
    }

    @Test
    void topwar_2023MarkupHeaderPostsAndOffset() {
        Parsed.Ok<ChannelPage> parsed = page("s-topwar_official-2023-02-any2feed.html");
        ChannelPage page = parsed.value();

        assertEquals(0, parsed.oddPosts());
        assertEquals("topwar_official", page.channel().username());
        assertEquals("Военное обозрение", plain(page.channel().title()));
        assertEquals(new Counters("109K", "19.6K", "15.4K", "8", "28.6K"), page.channel().counters());
        assertEquals(List.of(), page.channel().labels());
        assertEquals(List.of(70989, 70990, 70992, 70995, 70996, 70997, 70998, 70999, 71000, 71006, 71007, 71008),
                ids(page.posts()));
        // Only <link rel="prev"> gives the cursor on this page (its more-anchor was lost upstream).
        assertEquals(new Offset(70989, null), page.offset());
        Post first = page.posts().getFirst();
        assertEquals("37.2K", first.footer().views());
        assertEquals("2023-02-28T07:47:53+00:00", first.footer().date().string());
        assertEquals(1677570473L, first.footer().date().unix());
    }

    @Test
    void topwar_forwardsAndLinkPreview() {
        List<Post> posts = page("s-topwar_official-2023-02-any2feed.html").value().posts();

        Post post = post(posts, 70996);
        assertEquals("Военкор Ярем", plain(post.forwarded().name()));
        assertEquals("https://t.me/yaremshooter/1066", post.forwarded().url());
        assertEquals("Telegram", post.content().preview().siteName());
        assertEquals("Милитарист", post.content().preview().title());
        assertEquals("http://t.me/infantmilitario/93419", post.content().preview().url());
        assertEquals("https://t.me/ImpNavigator/4580", post(posts, 71008).forwarded().url());
    }

    @Test
    void demoEmpty_singularCounterNoAvatarNoDescriptionNoCursor() {
        Parsed.Ok<ChannelPage> parsed = page("s-demo_empty-2026-09-agentkreal.html");
        Channel channel = parsed.value().channel();

        assertEquals("demo_empty", channel.username());
        assertEquals("11", plain(channel.title()));
        assertNull(channel.description());
        assertNull(channel.avatar());
        assertEquals(new Counters("1", null, null, null, null), channel.counters());
        assertEquals(Offset.NONE, parsed.value().offset());
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void demoEmpty_onlyPostIsTheChannelCreatedServiceMessage() {
        List<Post> posts = page("s-demo_empty-2026-09-agentkreal.html").value().posts();

        assertEquals(List.of(1), ids(posts));
        Post post = posts.getFirst();
        assertInstanceOf(ServiceMessage.ChannelCreated.class, post.content().service());
        assertEquals("Channel created", plain(post.content().service().text()));
        assertNull(post.footer().views());
        assertEquals("2026-07-17T22:38:04+00:00", post.footer().date().string());
        assertEquals(1784327884L, post.footer().date().unix());
    }

    @Test
    void headerWithNoPostsFoundMarker_isOkWithAnEmptyList() {
        // The history of demo_empty replaced by t.me's "No posts found" history (the recorded stub's section).
        String page = Fixtures.read("s-demo_empty-2026-09-agentkreal.html");
        String html = page.replace(history(page), history(Fixtures.read("frag-tchantest-no_posts_found.html")));

        Parsed.Ok<ChannelPage> parsed = ok(ChannelPageParser.parse(html, ParserMode.FULL));

        assertTrue(html.contains("tme_no_messages_found"));
        assertEquals("demo_empty", parsed.value().channel().username());
        assertEquals(List.of(), parsed.value().posts());
    }

    @Test
    void headerWithoutPostsOrMarker_isAnUnexplainedEmptyList() {
        String html = Fixtures.read("s-demo_empty-2026-09-agentkreal.html")
                .replaceAll("(?s)<section class=\"tgme_channel_history js-message_history\">.*?</section>", "");

        assertEquals(Anomaly.NO_POSTS_UNEXPLAINED, kind(ChannelPageParser.parse(html, ParserMode.FULL)));
    }

    @Test
    void contactPage_isNotFound() {
        String html = Fixtures.read("notfound-zzqxnonexistenthandle99887766-2026-neotolis.html");

        assertInstanceOf(Parsed.NotFound.class, ChannelPageParser.parse(html, ParserMode.FULL));
    }

    @Test
    void pagesWithoutHeaderOrNotFoundMarker_areAnomalies() {
        assertEquals(Anomaly.EMPTY_PAGE, kind(ChannelPageParser.parse("", ParserMode.FULL)));
        assertEquals(Anomaly.CAPTCHA, kind(ChannelPageParser.parse(
                "<html><body><h1>Checking your browser</h1><div class=\"captcha\"></div></body></html>",
                ParserMode.FULL)));
        // The embed widget is a t.me page, but neither a channel page nor the contact page.
        assertEquals(Anomaly.UNKNOWN_PAGE, kind(ChannelPageParser.parse(
                Fixtures.read("embed-durov-505-2026-05-neotolis.html"), ParserMode.FULL)));
    }

    /** The {@code <section>...</section>} that holds a page's message history. */
    private static String history(String html) {
        int start = html.indexOf("<section class=\"tgme_channel_history");
        return html.substring(start, html.indexOf("</section>", start) + "</section>".length());
    }

    private static Anomaly kind(Parsed<?> parsed) {
        return assertInstanceOf(Parsed.Anomaly.class, parsed).kind();
    }

    @Test
    void simplifiedMode_keepsTextMediaAndInlineOnly() {
        ChannelPage full = page("s-durov-2026-05-hortay.html").value();
        ChannelPage simple = ok(ChannelPageParser.parse(Fixtures.read("s-durov-2026-05-hortay.html"),
                ParserMode.SIMPLIFIED)).value();

        Post fullPost = post(full.posts(), 485);
        Post simplePost = post(simple.posts(), 485);
        assertEquals(5, fullPost.content().reactions().size());
        assertTrue(simplePost.content().reactions().isEmpty());
        assertTrue(fullPost.content().preview() != null);
        assertNull(simplePost.content().preview());
        assertEquals(List.of(), simplePost.content().text().entities());
        assertEquals(fullPost.content().text().string(), simplePost.content().text().string());
        assertEquals(fullPost.footer(), simplePost.footer());
        assertEquals(ids(full.posts()), ids(simple.posts()));
    }
}
