package tme.api.media;

import java.net.URI;
import tme.api.outbound.HostAllowList;
import tme.api.service.ChannelName;
import tme.api.service.PostId;

/**
 * Lets the benchmarks ({@code tme.bench}) measure the media links' own reading of a stored post, which is
 * package-private in the api. Lives in the bench module, in the api's package, so the api exposes nothing for the
 * benchmarks' sake.
 */
public final class MediaBenchAccess {

    private static final HostAllowList TELEGRAM = HostAllowList.parse("MEDIA_HOSTS", HostAllowList.TELEGRAM_CDN);

    private MediaBenchAccess() {}

    /** What a redirect does with the stored post's raw JSON: the item's URL read out, parsed and checked. */
    public static URI resolve(byte[] rawPost, String channel, int post, int index) {
        MediaTarget target = new MediaTarget(new ChannelName(channel), new PostId(post), index, false);
        StoredLinks.Link link = StoredLinks.item(rawPost, target);
        if (!(link instanceof StoredLinks.Link.Found found)) {
            throw new IllegalStateException("no item " + index + ": " + link);
        }
        URI url = URI.create(found.url());
        if (TELEGRAM.refusal(url).isPresent()) {
            throw new IllegalStateException("off the list: " + url);
        }
        return url;
    }
}
