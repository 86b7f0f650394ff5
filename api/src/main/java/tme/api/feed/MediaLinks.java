package tme.api.feed;

import java.util.Locale;
import tme.api.render.MediaPaths;
import tme.scraper.model.Channel;
import tme.scraper.model.Media;

/**
 * Where a reader feed sends readers for a post's media and the channel's avatar: t.me's CDN URLs as the page gave
 * them ({@link #CDN}, without {@code PUBLIC_URL}: they stop working after a few days), or the durable links at
 * {@code PUBLIC_URL} ({@link #at}), which follow the CDN for as long as the post exists.
 */
public final class MediaLinks {

    /** t.me's own URLs. */
    public static final MediaLinks CDN = new MediaLinks(null);

    // PUBLIC_URL without a trailing slash, or null for CDN.
    private final String publicUrl;

    private MediaLinks(String publicUrl) {
        this.publicUrl = publicUrl;
    }

    /** The durable links at {@code publicUrl} ({@code https://tme.example.org}). */
    public static MediaLinks at(String publicUrl) {
        return new MediaLinks(publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl);
    }

    /** The file of item {@code index} of {@code item}'s post, or null when it has none. */
    String file(ChannelPost item, int index, Media media) {
        String cdn = MediaPaths.file(media);
        return publicUrl == null || cdn == null ? cdn
                : publicUrl + MediaPaths.item(item.channelName(), item.post().id(), index);
    }

    /** That item's thumbnail, or null when it has none. */
    String thumb(ChannelPost item, int index, Media media) {
        String cdn = MediaPaths.thumbFile(media);
        return publicUrl == null || cdn == null ? cdn
                : publicUrl + MediaPaths.thumb(item.channelName(), item.post().id(), index);
    }

    /** The channel's avatar, or null when it has none. */
    String avatar(Channel channel) {
        if (publicUrl == null || channel.avatar() == null || channel.username() == null) {
            return channel.avatar();
        }
        return publicUrl + MediaPaths.avatar(channel.username().toLowerCase(Locale.ROOT));
    }
}
