package tme.scraper.model;

import java.util.List;

/** A parsed {@code t.me/s/<channel>[/<position>]} page: the header, its posts (oldest first) and the cursors. */
public record ChannelPage(Channel channel, List<Post> posts, Offset offset) {
    public ChannelPage {
        posts = List.copyOf(posts);
    }
}
