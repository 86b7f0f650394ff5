package tme.scraper.model;

import java.util.List;

/** A parsed "more" answer: its posts (oldest first) and the cursors for the next page in each direction. */
public record MorePage(List<Post> posts, Offset offset) {

    public static final MorePage EMPTY = new MorePage(List.of(), Offset.NONE);

    public MorePage {
        posts = List.copyOf(posts);
    }
}
