package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelHistoryTest {

    private static final String MORE_BEFORE_498 = "<div class=\"tgme_widget_message_centered js-messages_more_wrap\">"
            + "<a href=\"/s/durov?before=498\" class=\"tme_messages_more js-messages_more\" data-before=\"498\"></a></div>";

    @Test
    void of_cutsEveryPostOfEachRecordedPage() {
        assertEquals(List.of(20, 481, 502), summary("s-durov-2026-05-hortay.html"));
        assertEquals(List.of(17, 141878, 141896), summary("s-meduzalive-2026-05-hortay.html"));
        assertEquals(List.of(12, 70989, 71008), summary("s-topwar_official-2023-02-any2feed.html"));
        assertEquals(List.of(1, 1, 1), summary("s-demo_empty-2026-09-agentkreal.html"));
    }

    @Test
    void of_keepsEachWrapAsOneBlock() {
        ChannelHistory durov = durov();
        for (ChannelHistory.Post post : durov.posts()) {
            assertTrue(post.html().startsWith("<div class=\"tgme_widget_message_wrap js-widget_message_wrap\">"));
            assertTrue(post.html().contains("data-post=\"durov/" + post.id() + "\""));
            assertTrue(post.html().endsWith("</div>"));
        }
    }

    @Test
    void before_takesTheNewestOlderPostsAndMarksWhatRemains() {
        ChannelHistory durov = durov();
        String page = durov.before(503, 5);

        assertTrue(page.startsWith(MORE_BEFORE_498));
        assertEquals(MORE_BEFORE_498 + join(durov, 498, 499, 500, 501, 502), page);
        assertEquals(join(durov, 481, 482, 483), durov.before(485, 20));
        assertEquals("", durov.before(481, 20));
    }

    @Test
    void after_takesTheOldestNewerPostsAndMarksWhatRemains() {
        ChannelHistory durov = durov();

        assertEquals(join(durov, 481, 482) + "<div class=\"tgme_widget_message_centered js-messages_more_wrap\">"
                + "<a href=\"/s/durov?after=482\" class=\"tme_messages_more js-messages_more\" data-after=\"482\"></a></div>",
                durov.after(1, 2));
        assertEquals(join(durov, 501, 502), durov.after(500, 20));
        assertEquals("", durov.after(502, 20));
    }

    private static ChannelHistory durov() {
        return ChannelHistory.of(Fixtures.read("s-durov-2026-05-hortay.html"));
    }

    private static String join(ChannelHistory history, int... ids) {
        StringBuilder out = new StringBuilder();
        for (int id : ids) {
            out.append(history.posts().stream().filter(p -> p.id() == id).findFirst().orElseThrow().html());
        }
        return out.toString();
    }

    private static List<Integer> summary(String page) {
        List<ChannelHistory.Post> posts = ChannelHistory.of(Fixtures.read(page)).posts();
        return List.of(posts.size(), posts.getFirst().id(), posts.getLast().id());
    }
}
