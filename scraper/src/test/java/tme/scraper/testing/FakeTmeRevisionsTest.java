package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.http.HttpMethod;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.Parsed;

/** The fake's edit and delete knobs, read back through the real parser: new text and the "edited" mark, a post gone. */
class FakeTmeRevisionsTest extends FakeTmeClientTestBase {

    @Test
    void anEditedPost_showsItsNewTextAndTheEditedMark_aDeletedOneIsGone() {
        ChannelPage before = page();
        Post unsigned = post(before, 502);
        assertFalse(unsigned.footer().edited(), "not edited as recorded");

        fake.edit("durov", 502, "Edited on the fake").delete("durov", 500);
        ChannelPage after = page();

        Post edited = post(after, 502);
        assertTrue(edited.footer().edited(), "the meta line says edited");
        assertEquals("Edited on the fake", edited.content().text().string());
        assertEquals(before.posts().size() - 1, after.posts().size());
        assertFalse(after.posts().stream().anyMatch(post -> post.id() == 500), "500 deleted");
        assertEquals(List.of(481, 482, 483), after.posts().stream().limit(3).map(Post::id).toList(), "others stay");
    }

    @Test
    void aSignedPostAlreadyEdited_keepsOneMark_andResetClearsTheRevisions() {
        fake.edit("durov", 481, "Twice edited");
        Post edited = post(page(), 481);
        assertTrue(edited.footer().edited());
        assertEquals("Pavel Durov", edited.footer().author().string());
        String html = call(HttpMethod.GET, "/s/durov").bodyAsString();
        assertEquals(1, html.split("edited &nbsp;<a class=\"tgme_widget_message_date\" href=\"https://t.me/durov/481", -1)
                .length - 1, "one mark, as recorded");

        fake.reset();
        assertFalse(page().posts().stream().filter(post -> post.id() == 481).findFirst().orElseThrow().content()
                .text().string().contains("Twice edited"));
    }

    private ChannelPage page() {
        return ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(call(HttpMethod.GET, "/s/durov").bodyAsString(), ParserMode.FULL)).value();
    }

    private static Post post(ChannelPage page, int id) {
        return page.posts().stream().filter(post -> post.id() == id).findFirst().orElseThrow();
    }
}
