package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class DomQueryTest {

    @Test
    void aQueryIsParsedOnce_andSelectsAsItsText() {
        assertSame(Dom.query(Selectors.REACTION), Dom.query(Selectors.REACTION));
        Document doc = Dom.parse("<div class=tgme_widget_message_reactions><span class=tgme_reaction id=a></span>"
                + "<span class=tgme_reaction id=b></span></div><span class=tgme_reaction id=outside></span>");
        assertEquals(List.of("a", "b"), doc.select(Dom.query(Selectors.REACTION)).eachAttr("id"));
        assertEquals(doc.select(Selectors.REACTION), doc.select(Dom.query(Selectors.REACTION)));
    }

    @Test
    void aStructuralQuerySharedByThreadsSelectsTheSameOnEach() throws Exception {
        String page = "<div class=tgme_widget_message_wrap><i class=tme_no_messages_found></i></div>"
                + "<div class=tgme_widget_message_wrap id=post></div><p data-post=durov/1 id=block></p>";
        List<Thread> threads = new java.util.ArrayList<>();
        List<List<String>> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        for (int t = 0; t < 4; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 200; i++) {
                    Element root = Dom.parse(page);
                    seen.add(root.select(Dom.query(Selectors.MESSAGE_BLOCKS)).eachAttr("id"));
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(30_000);
        }
        assertEquals(800, seen.size());
        seen.forEach(ids -> assertEquals(List.of("post", "block"), ids));
    }
}
