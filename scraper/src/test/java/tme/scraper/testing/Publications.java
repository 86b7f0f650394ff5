package tme.scraper.testing;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Posts a test has the fake t.me publish ({@link FakeTme#publish}): each a copy of the page's newest post with the
 * next id, the given text and the time it was published, added after it on every later {@code /s/<channel>} page.
 * Concurrent: tests publish from their thread, event loops serve.
 */
final class Publications {

    /** One published post. */
    record Published(String text, Instant at) {}

    private final Map<String, List<Published>> byChannel = new ConcurrentHashMap<>();
    // The most published posts a page shows (the newest), as t.me's page shows its newest ~20; unbounded by default.
    private volatile int shown = Integer.MAX_VALUE;

    /**
     * From now on a page shows at most the {@code newest} posts published (their ids unchanged); once more than that
     * are published, only those (the recorded posts scrolled off before them).
     */
    void show(int newest) {
        if (newest < 1) {
            throw new IllegalArgumentException("newest must be >= 1: " + newest);
        }
        shown = newest;
    }

    /** Publishes {@code text} in {@code channel}; answers how many posts it has published there so far. */
    int publish(String channel, String text, Instant at) {
        List<Published> posts = byChannel.computeIfAbsent(channel.toLowerCase(Locale.ROOT),
                c -> new CopyOnWriteArrayList<>());
        posts.add(new Published(text, at.truncatedTo(ChronoUnit.SECONDS)));
        return posts.size();
    }

    /** The page with the channel's published posts after its newest (the page as it is when there are none). */
    String onto(String channel, String html) {
        List<Published> posts = byChannel.get(channel.toLowerCase(Locale.ROOT));
        if (posts == null || posts.isEmpty()) {
            return html;
        }
        Document page = Jsoup.parse(html);
        page.outputSettings().prettyPrint(false);
        List<Element> wraps = page.select(".tgme_widget_message_wrap:has([data-post])");
        if (wraps.isEmpty()) {
            return html;
        }
        Element newest = wraps.getLast();
        String[] post = newest.selectFirst("[data-post]").attr("data-post").split("/", 2);
        int id = Integer.parseInt(post[1]);
        Element after = newest;
        int skipped = Math.max(0, posts.size() - shown);
        id += skipped;
        for (Published published : posts.subList(skipped, posts.size())) {
            id++;
            Element copy = newest.clone();
            copy.selectFirst("[data-post]").attr("data-post", post[0] + "/" + id);
            Element text = copy.selectFirst(".tgme_widget_message_text");
            if (text != null) {
                text.text(published.text());
            }
            Element date = copy.selectFirst("a.tgme_widget_message_date");
            if (date != null) {
                date.attr("href", "https://t.me/" + post[0] + "/" + id);
                Element time = date.selectFirst("time[datetime]");
                if (time != null) {
                    time.attr("datetime", published.at().toString().replace("Z", "+00:00"));
                }
            }
            after.after(copy);
            after = copy;
        }
        if (skipped > 0) {
            // Published posts have scrolled off the page, so the recorded ones below them have too: the page is the
            // newest posts with no hole in it, as t.me's is (a hole is how t.me shows a deleted post).
            wraps.forEach(Element::remove);
        }
        return page.outerHtml();
    }

    /** The newest id the page shows once {@code channel}'s posts are on it. */
    static int newestId(String html) {
        Document page = Jsoup.parse(html);
        List<Element> wraps = page.select(".tgme_widget_message_wrap [data-post]");
        return Integer.parseInt(wraps.getLast().attr("data-post").split("/", 2)[1]);
    }

    void clear() {
        byChannel.clear();
        shown = Integer.MAX_VALUE;
    }
}
