package tme.scraper.testing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The posts of one recorded {@code /s/} page, cut into the real {@code .tgme_widget_message_wrap} blocks,
 * from which the fake builds "load more" fragments the way t.me's {@code TWeb.loadMore} receives them:
 * the wraps in page order (oldest first), with a new more-wrap before them (before=) or after them (after=).
 */
final class ChannelHistory {

    /** One post's wrap block, as it appears in the recorded page. */
    record Post(int id, String html) {}

    private final String channel;
    private final List<Post> posts;

    private ChannelHistory(String channel, List<Post> posts) {
        this.channel = channel;
        this.posts = posts;
    }

    /** Cuts the wraps out of a full page; the channel name is the one in {@code data-post="name/id"}. */
    static ChannelHistory of(String pageHtml) {
        Document page = Jsoup.parse(pageHtml);
        page.outputSettings().prettyPrint(false); // keep the recorded bytes, not a re-indented copy
        String channel = "";
        List<Post> posts = new ArrayList<>();
        for (Element wrap : page.select(".tgme_widget_message_wrap")) {
            Element message = wrap.selectFirst("[data-post]");
            if (message == null) {
                continue;
            }
            String[] post = message.attr("data-post").split("/", 2);
            channel = post[0];
            posts.add(new Post(Integer.parseInt(post[1]), wrap.outerHtml()));
        }
        posts.sort(Comparator.comparingInt(Post::id));
        return new ChannelHistory(channel, List.copyOf(posts));
    }

    List<Post> posts() {
        return posts;
    }

    /** The newest {@code limit} posts older than {@code id}, with a before-more-wrap if older ones remain. */
    String before(int id, int limit) {
        List<Post> older = posts.stream().filter(p -> p.id() < id).toList();
        List<Post> page = older.subList(Math.max(0, older.size() - limit), older.size());
        if (page.isEmpty()) {
            return "";
        }
        boolean remain = page.size() < older.size();
        return (remain ? moreWrap("before", page.getFirst().id()) : "") + join(page);
    }

    /** The oldest {@code limit} posts newer than {@code id}, with an after-more-wrap if newer ones remain. */
    String after(int id, int limit) {
        List<Post> newer = posts.stream().filter(p -> p.id() > id).toList();
        List<Post> page = newer.subList(0, Math.min(limit, newer.size()));
        if (page.isEmpty()) {
            return "";
        }
        boolean remain = page.size() < newer.size();
        return join(page) + (remain ? moreWrap("after", page.getLast().id()) : "");
    }

    private String moreWrap(String direction, int id) {
        return "<div class=\"tgme_widget_message_centered js-messages_more_wrap\"><a href=\"/s/" + channel + "?"
                + direction + "=" + id + "\" class=\"tme_messages_more js-messages_more\" data-" + direction
                + "=\"" + id + "\"></a></div>";
    }

    private static String join(List<Post> page) {
        StringBuilder out = new StringBuilder();
        page.forEach(p -> out.append(p.html()));
        return out.toString();
    }
}
