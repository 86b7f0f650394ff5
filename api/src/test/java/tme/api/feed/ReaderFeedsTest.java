package tme.api.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rometools.rome.feed.synd.SyndEnclosure;
import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndFeed;
import com.rometools.rome.io.SyndFeedInput;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tme.api.feed.ReaderFeeds.Format;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;

/** Reader feeds of recorded pages, parsed back with Rome (Atom, RSS) and checked against JSON Feed's required fields. */
class ReaderFeedsTest {

    static final String SELF = "https://api.example/v1/feed?channels=durov&format=atom";
    static final ChannelPage DUROV = RankingTest.parse("s-durov-2026-05-hortay.html");
    static final ChannelPage MEDUZA = RankingTest.parse("s-meduzalive-2026-05-hortay.html");

    /** The durov page newest first, as a one-channel reader feed lists it. */
    static List<ChannelPost> durovNewestFirst() {
        return DUROV.posts().stream().sorted(Comparator.comparingInt(Post::id).reversed())
                .map(post -> new ChannelPost(DUROV.channel(), post)).toList();
    }

    static SyndFeed parseBack(byte[] xml) throws Exception {
        return new SyndFeedInput().build(new StringReader(new String(xml, StandardCharsets.UTF_8)));
    }

    static Post durov(int id) {
        return DUROV.posts().stream().filter(post -> post.id() == id).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"ATOM", "RSS"})
    void atomAndRss_parseBack_withEveryEntryLinkDateAndAuthor(Format format) throws Exception {
        List<ChannelPost> posts = durovNewestFirst();

        SyndFeed feed = parseBack(ReaderFeeds.render(format, FeedInfo.of(List.of(DUROV.channel()), SELF), posts));

        assertEquals("Pavel Durov", feed.getTitle());
        assertEquals(20, feed.getEntries().size());
        for (int i = 0; i < posts.size(); i++) {
            SyndEntry entry = feed.getEntries().get(i);
            Post post = posts.get(i).post();
            assertEquals("https://t.me/durov/" + post.id(), entry.getLink(), "in the order given");
            assertEquals(Date.from(Instant.ofEpochSecond(post.footer().date().unix())), entry.getPublishedDate());
            assertTrue(entry.getAuthor().contains("Pavel Durov"), entry.getAuthor());
        }
        SyndEntry newest = feed.getEntries().getFirst();
        assertEquals("https://t.me/durov/502", newest.getLink());
        String html = newest.getContents().getFirst().getValue();
        assertTrue(html.startsWith("💎 Telegram becoming TON’s largest validator"), html);
        assertFalse(html.contains("onclick"), html);
        assertEquals("💎 Telegram becoming TON’s largest validator strengthens decentralization.", newest.getTitle());
    }

    @ParameterizedTest
    @EnumSource(value = Format.class, names = {"ATOM", "RSS"})
    void enclosures_carryTheMediaUrlAndType(Format format) throws Exception {
        Post video = durov(490);
        String url = ((tme.scraper.model.Media.Video) video.content().media().getFirst()).url();

        SyndFeed feed = parseBack(ReaderFeeds.render(format, FeedInfo.of(List.of(DUROV.channel()), SELF),
                List.of(new ChannelPost(DUROV.channel(), video))));

        List<SyndEnclosure> enclosures = feed.getEntries().getFirst().getEnclosures();
        assertEquals(1, enclosures.size());
        assertEquals(url, enclosures.getFirst().getUrl());
        assertEquals("video/mp4", enclosures.getFirst().getType());
    }

    @Test
    void atom_entryIdIsThePermalink_andTheFeedLinksItself() throws Exception {
        SyndFeed feed = parseBack(ReaderFeeds.render(Format.ATOM, FeedInfo.of(List.of(DUROV.channel()), SELF),
                durovNewestFirst()));

        assertEquals("https://t.me/durov/502", feed.getEntries().getFirst().getUri());
        assertEquals(SELF, feed.getUri());
        assertTrue(feed.getLinks().stream().anyMatch(link -> "self".equals(link.getRel()) && SELF.equals(link.getHref())));
        assertTrue(feed.getLinks().stream().anyMatch(link -> "alternate".equals(link.getRel())
                && "https://t.me/s/durov".equals(link.getHref())), "the channel on t.me");
        assertEquals(Date.from(Instant.ofEpochSecond(durov(502).footer().date().unix())), feed.getPublishedDate() != null
                ? feed.getPublishedDate() : feed.getEntries().getFirst().getUpdatedDate());
    }

    @Test
    void sameFormatSamePosts_sameBytes_soTheEtagHolds() {
        FeedInfo info = FeedInfo.of(List.of(DUROV.channel()), SELF);
        for (Format format : Format.values()) {
            assertEquals(new String(ReaderFeeds.render(format, info, durovNewestFirst()), StandardCharsets.UTF_8),
                    new String(ReaderFeeds.render(format, info, durovNewestFirst()), StandardCharsets.UTF_8));
        }
    }

    @Test
    void jsonFeed_hasItsRequiredFields_andOurs() {
        List<ChannelPost> posts = Ranking.rank(List.of(DUROV, MEDUZA), Instant.parse("2026-05-06T00:00:00Z"), 30)
                .stream().map(RankedPost::item).toList();

        JsonObject feed = new JsonObject(new String(ReaderFeeds.render(Format.JSON_FEED,
                FeedInfo.of(List.of(DUROV.channel(), MEDUZA.channel()), SELF), posts), StandardCharsets.UTF_8));

        assertEquals("https://jsonfeed.org/version/1.1", feed.getString("version"));
        assertEquals("Telegram: @durov, @meduzalive", feed.getString("title"));
        assertEquals(SELF, feed.getString("feed_url"));
        JsonArray items = feed.getJsonArray("items");
        assertEquals(30, items.size());
        for (int i = 0; i < items.size(); i++) {
            JsonObject item = items.getJsonObject(i);
            ChannelPost post = posts.get(i);
            assertEquals(post.permalink(), item.getString("id"));
            assertEquals(post.permalink(), item.getString("url"));
            assertTrue(item.getString("content_html") != null || item.getString("content_text") != null, item.encode());
            assertEquals(Instant.ofEpochSecond(post.post().footer().date().unix()),
                    Instant.parse(item.getString("date_published")));
            assertEquals(post.channel().title().string(), item.getJsonArray("authors").getJsonObject(0).getString("name"));
        }
    }

    @Test
    void jsonFeed_attachmentsOfAPhotoAlbum() {
        Post album = MEDUZA.posts().stream().filter(post -> post.content().media().size() > 1).findFirst().orElseThrow();

        JsonObject feed = new JsonObject(new String(ReaderFeeds.render(Format.JSON_FEED,
                FeedInfo.of(List.of(MEDUZA.channel()), SELF), List.of(new ChannelPost(MEDUZA.channel(), album))),
                StandardCharsets.UTF_8));

        JsonArray attachments = feed.getJsonArray("items").getJsonObject(0).getJsonArray("attachments");
        assertEquals(album.content().media().size(), attachments.size());
        assertEquals("image/jpeg", attachments.getJsonObject(0).getString("mime_type"));
        assertTrue(attachments.getJsonObject(0).getString("url").startsWith("https://"));
        assertFalse(attachments.getJsonObject(0).containsKey("size_in_bytes"), "unknown: left out");
    }

    @Test
    void titles_firstLineCut_orTheMediaKind() {
        Post photoOnly = Posts.post(1, Instant.EPOCH, "1", null,
                List.of(new tme.scraper.model.Media.Photo("https://x.io/a.jpg")), null, List.of(), false);
        Post longLine = Posts.post(2, Instant.EPOCH, "1", "x".repeat(100) + "\nsecond", List.of(), null, List.of(), false);

        assertEquals("Photo", ReaderEntry.title("", photoOnly));
        String title = ReaderEntry.title(longLine.content().text().string(), longLine);
        assertEquals("x".repeat(79) + "…", title, "at most 80 characters, as documented, the … included");
        assertEquals(80, title.codePointCount(0, title.length()));
    }
}
