package tme.api.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import tme.api.problem.Problem;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;

/**
 * One channel as a feed reads it: its latest page's answer, and the posts of the pages before it that a deeper feed
 * asked for ({@code pages=N}: N-1 of them, {@link OlderPages}).
 *
 * @param latest       the latest page's answer, as {@link ChannelService#latest} gave it
 * @param older        the older pages' posts (none for a feed of latest pages)
 * @param olderFailure the passing problem that stopped the older pages short, or null
 */
record ChannelPages(Answer latest, List<Post> older, Problem olderFailure) {

    ChannelPages {
        older = List.copyOf(older);
    }

    /** The latest page alone. */
    static ChannelPages latestOnly(Answer latest) {
        return new ChannelPages(latest, List.of(), null);
    }

    /** {@code page} (the latest, read back) with the older posts, every post once, oldest first (ids grow with time). */
    ChannelPage with(ChannelPage page) {
        if (older.isEmpty()) {
            return page;
        }
        // The latest page's copy of a post first: it is the fresher (views, reactions, edits).
        Set<Integer> seen = new HashSet<>();
        List<Post> posts = new ArrayList<>();
        Stream.concat(page.posts().stream(), older.stream()).filter(post -> seen.add(post.id())).forEach(posts::add);
        posts.sort(Comparator.comparingInt(Post::id));
        return new ChannelPage(page.channel(), posts, page.offset());
    }
}
