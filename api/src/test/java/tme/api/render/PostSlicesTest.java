package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.MorePage;
import tme.scraper.model.Offset;
import tme.scraper.model.Post;

/**
 * {@link PostSlices} cuts each post out of a stored page answer byte for byte: every slice is what
 * {@link JsonRender#post} writes for that post (a history line is a {@code /v1/post} object), with its id, date and
 * the page's cursors, from {@code /v1/body} and {@code /v1/more} answers alike.
 */
class PostSlicesTest {

    @Test
    void aBodyAnswer_slicesToEachPostAsWritten() {
        ChannelPage page = PageReaderTest.DUROV;

        PostSlices slices = PostSlices.of(JsonRender.body(page));

        assertEquals(page.posts().size(), slices.posts().size());
        for (int i = 0; i < page.posts().size(); i++) {
            Post post = page.posts().get(i);
            PostSlices.Slice slice = slices.posts().get(i);
            assertEquals(post.id(), slice.id());
            assertEquals(post.footer().date().unix(), slice.unix());
            assertArrayEquals(JsonRender.post("durov", post), slice.json(), "post " + post.id());
        }
        assertEquals(481, slices.before());
        assertNull(slices.after());
    }

    @Test
    void aMoreAnswer_slicesToo_withBothCursors() {
        List<Post> three = PageReaderTest.DUROV.posts().subList(3, 6);

        PostSlices slices = PostSlices.of(JsonRender.more("durov", new MorePage(three, new Offset(485, 487))));

        assertEquals(three.stream().map(Post::id).toList(), slices.posts().stream().map(PostSlices.Slice::id).toList());
        assertEquals(List.of(485, 487), List.of(slices.before(), slices.after()));
        assertEquals(List.of(), PostSlices.of(JsonRender.more("durov", MorePage.EMPTY)).posts());
    }
}
