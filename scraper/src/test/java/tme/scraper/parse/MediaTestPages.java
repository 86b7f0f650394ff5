package tme.scraper.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.model.Media;
import tme.scraper.testing.Fixtures;

/** Runs {@link MediaParser} the way the post parser does: once per post, on its bubble. */
final class MediaTestPages {

    private MediaTestPages() {}

    /** Media of the single post in a recorded fragment, or of the bare media block a fragment holds. */
    static List<Media> ofFragment(String name) {
        Document page = Jsoup.parse(Fixtures.read(name));
        Element bubble = page.selectFirst(".tgme_widget_message_bubble");
        return MediaParser.parse(bubble != null ? bubble : page.body());
    }

    /** Media of post {@code dataPost} (e.g. "durov/489") on a recorded page. */
    static List<Media> ofPost(String name, String dataPost) {
        return ofPage(name).get(dataPost);
    }

    /** Media of every post of a recorded page, by {@code data-post}, in page order. */
    static Map<String, List<Media>> ofPage(String name) {
        return ofPage(Jsoup.parse(Fixtures.read(name)));
    }

    static Map<String, List<Media>> ofPage(Document page) {
        Map<String, List<Media>> media = new LinkedHashMap<>();
        for (Element message : page.select(".tgme_widget_message[data-post]")) {
            media.put(message.attr("data-post"), MediaParser.parse(bubble(message)));
        }
        return media;
    }

    static Element bubble(Element message) {
        Element bubble = message.selectFirst(".tgme_widget_message_bubble");
        return bubble != null ? bubble : message;
    }

    /** Number of media per post, for posts that have any, by {@code data-post}. */
    static Map<String, Integer> counts(Map<String, List<Media>> byPost) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        byPost.forEach((post, media) -> {
            if (!media.isEmpty()) {
                counts.put(post, media.size());
            }
        });
        return counts;
    }
}
