package tme.api.feed;

import java.util.Locale;
import java.util.Objects;
import tme.scraper.model.Channel;
import tme.scraper.model.Post;

/** A post with the channel it was read from: the unit a feed ranks, dedupes and renders. */
public record ChannelPost(Channel channel, Post post) {

    public ChannelPost {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(post, "post");
    }

    /** The channel's name, lower-cased: what a post is deduped and tied by. */
    public String channelName() {
        return channel.username().toLowerCase(Locale.ROOT);
    }

    /** The post on t.me: {@code https://t.me/<channel>/<id>}. */
    public String permalink() {
        return "https://t.me/" + channel.username() + "/" + post.id();
    }
}
