package tme.scraper.testing;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;

/**
 * Posts a test has the fake t.me edit or delete ({@link FakeTme#edit}, {@link FakeTme#delete}), applied to every later
 * {@code /s/<channel>} page (after what was {@link FakeTme#publish published}). An edited post shows the new text and
 * t.me's "edited" mark in its meta line as the recordings show it ({@code <author>,&nbsp;edited &nbsp;<a ...date>},
 * or {@code edited &nbsp;<a ...date>} unsigned); a deleted post's wrap is gone. Concurrent: tests write from their
 * thread, event loops serve.
 */
final class Revisions {

    // Lower-case channel -> post id -> the text it shows now.
    private final Map<String, Map<Integer, String>> edited = new ConcurrentHashMap<>();
    // Lower-case channel -> ids no longer shown.
    private final Map<String, Set<Integer>> deleted = new ConcurrentHashMap<>();

    void edit(String channel, int id, String text) {
        edited.computeIfAbsent(channel.toLowerCase(Locale.ROOT), c -> new ConcurrentHashMap<>()).put(id, text);
    }

    void delete(String channel, int id) {
        deleted.computeIfAbsent(channel.toLowerCase(Locale.ROOT), c -> ConcurrentHashMap.newKeySet()).add(id);
    }

    /** The page with {@code channel}'s edits and deletions applied (as it is when there are none). */
    String onto(String channel, String html) {
        Map<Integer, String> edits = edited.getOrDefault(channel.toLowerCase(Locale.ROOT), Map.of());
        Set<Integer> gone = deleted.getOrDefault(channel.toLowerCase(Locale.ROOT), Set.of());
        if (edits.isEmpty() && gone.isEmpty()) {
            return html;
        }
        Document page = Jsoup.parse(html);
        page.outputSettings().prettyPrint(false);
        for (Element wrap : page.select(".tgme_widget_message_wrap:has([data-post])")) {
            String post = wrap.selectFirst("[data-post]").attr("data-post");
            int id = Integer.parseInt(post.substring(post.indexOf('/') + 1));
            if (gone.contains(id)) {
                wrap.remove();
            } else if (edits.containsKey(id)) {
                edit(wrap, edits.get(id));
            }
        }
        return page.outerHtml();
    }

    private static void edit(Element wrap, String text) {
        Element body = wrap.selectFirst(".tgme_widget_message_text");
        if (body != null) {
            body.text(text);
        }
        Element meta = wrap.selectFirst(".tgme_widget_message_meta");
        Element date = meta == null ? null : meta.selectFirst("a.tgme_widget_message_date");
        if (date == null || meta.textNodes().stream().anyMatch(node -> node.text().contains("edited"))) {
            return;
        }
        boolean signed = meta.selectFirst(".tgme_widget_message_from_author") != null;
        date.before(new TextNode((signed ? ",\u00a0" : "") + "edited \u00a0"));
    }

    void clear() {
        edited.clear();
        deleted.clear();
    }
}
