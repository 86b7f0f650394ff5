package tme.api.feed;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import tme.scraper.model.Channel;

/**
 * What a reader feed says about itself.
 *
 * @param title       the channel's title, or the channels' names for a multi-channel feed
 * @param description the channel's description, or a sentence naming the channels
 * @param homeUrl     the channel on t.me ({@code https://t.me/s/<channel>}); for several channels, the feed itself
 * @param selfUrl     where this feed is served (its Atom id and {@code rel="self"} link, JSON Feed's feed_url)
 * @param icon        the channel's avatar, or null
 * @param hubUrl      the WebSub hub readers subscribe to this feed at ({@code rel="hub"}, JSON Feed's hubs), or null
 */
public record FeedInfo(String title, String description, String homeUrl, String selfUrl, String icon, String hubUrl) {

    private static final int NAMES_IN_TITLE = 5;

    public FeedInfo {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(homeUrl, "homeUrl");
        Objects.requireNonNull(selfUrl, "selfUrl");
    }

    /** Without a hub. */
    public FeedInfo(String title, String description, String homeUrl, String selfUrl, String icon) {
        this(title, description, homeUrl, selfUrl, icon, null);
    }

    /** The same feed, naming {@code hubUrl} as its WebSub hub. */
    public FeedInfo withHub(String hubUrl) {
        return new FeedInfo(title, description, homeUrl, selfUrl, icon, hubUrl);
    }

    /** The feed of {@code channels} (in request order), served at {@code selfUrl}, with t.me's avatar URL. */
    public static FeedInfo of(List<Channel> channels, String selfUrl) {
        return of(channels, selfUrl, MediaLinks.CDN);
    }

    /** As above, the avatar at {@code links}. */
    public static FeedInfo of(List<Channel> channels, String selfUrl, MediaLinks links) {
        if (channels.size() == 1) {
            Channel channel = channels.getFirst();
            String title = channel.title() == null || channel.title().string().isBlank()
                    ? "@" + channel.username() : channel.title().string();
            String description = channel.description() == null || channel.description().string().isBlank()
                    ? "Posts of @" + channel.username() + " on Telegram" : channel.description().string();
            return new FeedInfo(title, description, "https://t.me/s/" + channel.username(), selfUrl,
                    links.avatar(channel));
        }
        String names = channels.stream().limit(NAMES_IN_TITLE).map(channel -> "@" + channel.username())
                .collect(Collectors.joining(", "));
        String more = channels.size() > NAMES_IN_TITLE ? " and " + (channels.size() - NAMES_IN_TITLE) + " more" : "";
        return new FeedInfo("Telegram: " + names + more, "Posts of " + names + more + " on Telegram, ranked",
                selfUrl, selfUrl, null);
    }
}
