package tme.api.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import tme.api.render.JsonRender;
import tme.api.render.PageReader;
import tme.api.service.Digests;
import tme.events.Fact;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Content;
import tme.scraper.model.Footer;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Text;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

/** Edits and deletions told between a stored page and the page replacing it (the recorded durov page, 481-502). */
class PageChangesTest {

    private static final ChannelPage DUROV = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(
            Fixtures.read("s-durov-2026-05-hortay.html"), ParserMode.FULL)).value();
    /** The page as the cache stores it and reads it back: what a load compares against. */
    private static final ChannelPage STORED = PageReader.body(JsonRender.body(DUROV));

    @Test
    void theSamePage_readBackFromTheCache_changesNothing() {
        assertEquals(PageChanges.NONE, PageChanges.between(STORED, DUROV));
    }

    @Test
    void aNewText_isAnEdit_withThePostAsItIsNow_andThePreviousTextsDigest() {
        Post before = post(DUROV, 502);
        ChannelPage page = with(DUROV, 502, post -> withText(post, "A new text"));

        PageChanges changes = PageChanges.between(STORED, page);

        assertEquals(List.of(502), changes.edited().stream().map(edit -> edit.post().id()).toList());
        assertEquals("A new text", changes.edited().getFirst().post().content().text().string());
        assertEquals(Digests.hex128(before.content().text().string()), changes.edited().getFirst().previousTextDigest());
        assertEquals(List.of(), changes.deleted());
    }

    @Test
    void theEditedMarkAlone_orAMediaChange_isAnEdit_aReissuedMediaUrlIsNot() {
        ChannelPage marked = with(DUROV, 501, post -> new Post(post.id(), post.view(), post.content(),
                new Footer(post.footer().views(), true, post.footer().author(), post.footer().date()), post.forwarded()));
        ChannelPage moreMedia = with(DUROV, 500, post -> withMedia(post, List.of(new Media.Photo("https://cdn/x.jpg"),
                new Media.Photo("https://cdn/y.jpg"))));
        ChannelPage samePhoto = with(with(DUROV, 500, post -> withMedia(post, List.of(new Media.Photo("https://cdn/x.jpg")))),
                500, post -> post);
        ChannelPage reissued = with(samePhoto, 500, post -> withMedia(post, List.of(new Media.Photo("https://cdn/z.jpg"))));

        assertEquals(List.of(501), PageChanges.between(STORED, marked).edited().stream().map(e -> e.post().id()).toList());
        assertEquals(List.of(500), PageChanges.between(samePhoto, moreMedia).edited().stream()
                .map(e -> e.post().id()).toList(), "a second photo");
        assertEquals(PageChanges.NONE, PageChanges.between(samePhoto, reissued), "only the CDN URL changed");
    }

    @Test
    void postsCompared_partByPart_agreeWithTheirVersions() {
        List<Post> variants = new java.util.ArrayList<>(STORED.posts());
        Post last = post(DUROV, 502);
        variants.add(withText(last, "A new text"));
        variants.add(withMedia(last, List.of(new Media.Photo("https://cdn/x.jpg"))));
        variants.add(withMedia(last, List.of(new Media.Photo("https://cdn/y.jpg"))));
        variants.add(new Post(last.id(), last.view(), last.content(),
                new Footer(last.footer().views(), !last.footer().edited(), last.footer().author(), last.footer().date()),
                last.forwarded()));
        int same = 0;
        for (Post a : variants) {
            for (Post b : variants) {
                boolean byVersion = PageChanges.version(a).equals(PageChanges.version(b));
                assertEquals(byVersion, PageChanges.sameVersion(a, b), a.id() + " against " + b.id());
                same += byVersion ? 1 : 0;
            }
        }
        // Each post is the same as itself, and the two photos (only their URLs differ) as each other: 2 more pairs.
        assertEquals(variants.size() + 2, same);
    }

    @Test
    void anIdMissingBetweenThePagesEdges_isDeleted_idsBeyondTheEdgesAreNot() {
        // 481 and 482 scroll off the bottom, 503-504 arrive on top, 490 and 495 vanish from the middle.
        ChannelPage page = new ChannelPage(DUROV.channel(), DUROV.posts().stream()
                .filter(post -> post.id() > 482 && post.id() != 490 && post.id() != 495).toList(), DUROV.offset());

        PageChanges changes = PageChanges.between(STORED, page);

        assertEquals(List.of(490, 495), changes.deleted());
        assertEquals(List.of(), changes.edited());
        ChannelPage newestGone = new ChannelPage(DUROV.channel(), DUROV.posts().stream()
                .filter(post -> post.id() != 502).toList(), DUROV.offset());
        assertEquals(List.of(), PageChanges.between(STORED, newestGone).deleted(), "502 is beyond the new edge");
    }

    @Test
    void facts_oneEditedAndOneDeleted_versionedSoTheSameEditIsOneFact() {
        ChannelPage page = new ChannelPage(DUROV.channel(), with(DUROV, 502, post -> withText(post, "New")).posts()
                .stream().filter(post -> post.id() != 490).toList(), DUROV.offset());

        List<Fact> facts = PostChanges.facts("durov", PageChanges.between(STORED, page));
        List<Fact> again = PostChanges.facts("durov", PageChanges.between(STORED, page));

        assertEquals(List.of("edited", "deleted"), facts.stream().map(Fact::kind).toList());
        assertEquals(List.of("502", "490"), facts.stream().map(Fact::item).toList());
        assertEquals(facts.getFirst().version(), again.getFirst().version());
        assertEquals("deleted", facts.get(1).version());
        assertNotEquals(facts.getFirst().version(), PostChanges.facts("durov", PageChanges.between(STORED,
                with(DUROV, 502, post -> withText(post, "Newer")))).getFirst().version());
        JsonObject edited = json(facts.getFirst().data());
        assertEquals("durov", edited.getString("channel"));
        assertEquals(502, edited.getJsonObject("post").getInteger("id"));
        assertEquals(32, edited.getString("previous_text_digest").length());
        assertEquals(new JsonObject().put("channel", "durov").put("id", 490), json(facts.get(1).data()));
    }

    private static JsonObject json(byte[] data) {
        return new JsonObject(new String(data, StandardCharsets.UTF_8));
    }

    private static Post post(ChannelPage page, int id) {
        return page.posts().stream().filter(post -> post.id() == id).findFirst().orElseThrow();
    }

    private static ChannelPage with(ChannelPage page, int id, UnaryOperator<Post> change) {
        return new ChannelPage(page.channel(), page.posts().stream()
                .map(post -> post.id() == id ? change.apply(post) : post).toList(), page.offset());
    }

    private static Post withText(Post post, String text) {
        Content c = post.content();
        return new Post(post.id(), post.view(), new Content(new Text(text, text, List.of()), c.media(), c.poll(),
                c.inline(), c.reply(), c.preview(), c.reactions(), c.service()), post.footer(), post.forwarded());
    }

    private static Post withMedia(Post post, List<Media> media) {
        Content c = post.content();
        return new Post(post.id(), post.view(), new Content(c.text(), media, c.poll(), c.inline(), c.reply(),
                c.preview(), c.reactions(), c.service()), post.footer(), post.forwarded());
    }
}
