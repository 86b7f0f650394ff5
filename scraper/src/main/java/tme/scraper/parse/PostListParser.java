package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import tme.scraper.model.Post;

/** All posts of a page or fragment, in page order (oldest first), each parsed on its own. */
final class PostListParser {

    private PostListParser() {}

    /**
     * The posts and how many messages were odd (parsed in part, or skipped for want of an id); of all
     * {@code messages} found, {@code withoutIdOrDate} had no readable id (skipped) or no date.
     */
    record Posts(List<Post> posts, int odd, int messages, int withoutIdOrDate) {

        /** Messages skipped because they had no readable id. */
        int withoutId() {
            return messages - posts.size();
        }
    }

    static Posts parse(Element root, ParserMode mode) {
        List<Post> posts = new ArrayList<>();
        int odd = 0;
        int withoutIdOrDate = 0;
        Elements messages = messages(root);
        for (Element message : messages) {
            PostParser.Result result = PostParser.parse(message, mode);
            if (result.post() != null) {
                posts.add(result.post());
            }
            if (result.post() == null || result.post().footer().date() == null) {
                withoutIdOrDate++;
            }
            if (result.odd()) {
                odd++;
            }
        }
        return new Posts(posts, odd, messages.size(), withoutIdOrDate);
    }

    /** Messages in wraps (pages, "more" fragments); else top-level messages (the embed widget's root message). */
    static Elements messages(Element root) {
        Elements wrapped = root.select(Dom.query(Selectors.POST_IN_WRAP));
        if (!wrapped.isEmpty()) {
            return wrapped;
        }
        Elements topLevel = new Elements();
        for (Element message : root.select(Dom.query(Selectors.POST_ANY))) {
            if (message.parents().stream().noneMatch(parent -> parent.is(Dom.query(Selectors.POST_ANY)))) {
                topLevel.add(message);
            }
        }
        return topLevel;
    }
}
