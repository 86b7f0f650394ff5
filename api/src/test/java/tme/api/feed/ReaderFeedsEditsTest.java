package tme.api.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.api.feed.ReaderFeedsTest.DUROV;
import static tme.api.feed.ReaderFeedsTest.SELF;
import static tme.api.feed.ReaderFeedsTest.durov;
import static tme.api.feed.ReaderFeedsTest.durovNewestFirst;
import static tme.api.feed.ReaderFeedsTest.parseBack;

import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndFeed;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.api.feed.ReaderFeeds.Format;

/** A post found edited is dated as updated then: Atom {@code updated}, JSON Feed {@code date_modified}, RSS pubDate. */
class ReaderFeedsEditsTest {

    private static final Instant FOUND = Instant.parse("2026-05-06T10:00:00Z");
    private static final Edits EDITS = new Edits(Map.of(Edits.key("Durov", 495), FOUND));
    private static final FeedInfo INFO = FeedInfo.of(List.of(DUROV.channel()), SELF);

    @Test
    void atom_movesTheEditedEntrysUpdated_andTheFeeds_notItsPublished() throws Exception {
        SyndFeed feed = parseBack(ReaderFeeds.render(Format.ATOM, INFO, durovNewestFirst(), MediaLinks.CDN, EDITS));

        SyndEntry edited = entry(feed, 495);
        SyndEntry other = entry(feed, 496);
        assertEquals(Date.from(FOUND), edited.getUpdatedDate());
        assertEquals(published(495), edited.getPublishedDate());
        assertEquals(published(496), other.getUpdatedDate(), "not edited: updated is published");
        assertEquals(Date.from(FOUND), feed.getPublishedDate(), "the feed's updated: its newest change");
    }

    @Test
    void jsonFeed_writesDateModified_forTheEditedPostOnly() {
        JsonObject feed = new JsonObject(new String(ReaderFeeds.render(Format.JSON_FEED, INFO, durovNewestFirst(),
                MediaLinks.CDN, EDITS), StandardCharsets.UTF_8));

        List<JsonObject> items = feed.getJsonArray("items").stream().map(JsonObject.class::cast).toList();
        JsonObject edited = items.stream().filter(item -> item.getString("id").endsWith("/495")).findFirst()
                .orElseThrow();
        assertEquals("2026-05-06T10:00:00Z", edited.getString("date_modified"));
        assertEquals(1, items.stream().filter(item -> item.containsKey("date_modified")).count());
    }

    @Test
    void rss_movesTheEditedItemsPubDate_itsOnlyDate() throws Exception {
        SyndFeed feed = parseBack(ReaderFeeds.render(Format.RSS, INFO, durovNewestFirst(), MediaLinks.CDN, EDITS));

        assertEquals(Date.from(FOUND), entry(feed, 495).getPublishedDate());
        assertEquals(published(496), entry(feed, 496).getPublishedDate());
    }

    @Test
    void anEditFoundBeforeThePostsOwnDate_doesNotMoveItBack() throws Exception {
        Edits early = new Edits(Map.of(Edits.key("durov", 495), Instant.EPOCH));
        SyndFeed feed = parseBack(ReaderFeeds.render(Format.ATOM, INFO, durovNewestFirst(), MediaLinks.CDN, early));

        assertEquals(published(495), entry(feed, 495).getUpdatedDate());
    }

    private static Date published(int id) {
        return Date.from(Instant.ofEpochSecond(durov(id).footer().date().unix()));
    }

    private static SyndEntry entry(SyndFeed feed, int id) {
        return feed.getEntries().stream().filter(entry -> entry.getLink().endsWith("/" + id)).findFirst()
                .orElseThrow();
    }
}
