package tme.api.media;

import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.render.MediaPaths;
import tme.api.service.ChannelName;
import tme.api.service.PostId;

/**
 * What a media link names: item {@code index} of a post (its file, or its thumbnail), or a channel's avatar. Built
 * from validated input only: the URL fetched is always the one the stored page holds, never one a client wrote.
 *
 * @param post  the post, or null for the avatar
 * @param index the item's place in the post's {@code content.media} (0-based); -1 for the avatar
 */
public record MediaTarget(ChannelName channel, PostId post, int index, boolean thumb) {

    /** Items per post at most: t.me albums hold 10; a larger index is a 422, not a lookup. */
    static final int MAX_INDEX = 99;

    public static MediaTarget item(ChannelName channel, PostId post, String index, boolean thumb) throws InvalidInput {
        return new MediaTarget(channel, post, index(index), thumb);
    }

    public static MediaTarget avatar(ChannelName channel) {
        return new MediaTarget(channel, null, -1, false);
    }

    public boolean avatar() {
        return post == null;
    }

    /** The durable link's path, as the stored answers write it. */
    public String path() {
        String name = channel.value();
        return avatar() ? MediaPaths.avatar(name)
                : thumb ? MediaPaths.thumb(name, post.value(), index) : MediaPaths.item(name, post.value(), index);
    }

    private static int index(String raw) throws InvalidInput {
        if (raw != null && raw.matches("[0-9]{1,2}") && Integer.parseInt(raw) <= MAX_INDEX) {
            return Integer.parseInt(raw);
        }
        String shown = raw == null ? "nothing" : raw.length() > 20 ? "\"" + raw.substring(0, 20) + "…\"" : "\"" + raw + "\"";
        throw new InvalidInput(Problem.invalid("n", "n must be a media index from 0 to " + MAX_INDEX + ": " + shown));
    }
}
