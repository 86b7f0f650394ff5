package tme.api.feed;

import com.rometools.rome.feed.WireFeed;
import com.rometools.rome.feed.rss.Channel;
import com.rometools.rome.feed.rss.Item;
import com.rometools.rome.feed.synd.SyndContent;
import com.rometools.rome.feed.synd.SyndContentImpl;
import com.rometools.rome.feed.synd.SyndEnclosure;
import com.rometools.rome.feed.synd.SyndEnclosureImpl;
import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndEntryImpl;
import com.rometools.rome.feed.synd.SyndFeed;
import com.rometools.rome.feed.synd.SyndFeedImpl;
import com.rometools.rome.feed.synd.SyndImage;
import com.rometools.rome.feed.synd.SyndImageImpl;
import com.rometools.rome.feed.synd.SyndLink;
import com.rometools.rome.feed.synd.SyndLinkImpl;
import com.rometools.rome.feed.synd.SyndPerson;
import com.rometools.rome.feed.synd.SyndPersonImpl;
import com.rometools.rome.io.FeedException;
import com.rometools.rome.io.WireFeedOutput;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Objects;

/**
 * Feeds for feed readers from ordered posts of one or several channels: Atom 1.0 and RSS 2.0 through Rome (its
 * normalised {@link SyndFeed}, converted to each wire feed and written by {@link WireFeedOutput}), JSON Feed 1.1
 * through the one JSON writer ({@link JsonFeed}). Entries keep the order given (a ranking, or newest first).
 *
 * <p>The bytes depend only on the posts (and when those found edited were found so: {@link Edits}): the feed's
 * updated time is its newest post's or edit's, so the same posts give the same bytes and the same ETag (conditional GET works as on every other route).
 */
public final class ReaderFeeds {

    /** The formats and their media types. */
    public enum Format {
        ATOM("atom_1.0", "application/atom+xml; charset=utf-8"),
        RSS("rss_2.0", "application/rss+xml; charset=utf-8"),
        JSON_FEED(null, "application/feed+json; charset=utf-8");

        private final String romeType;
        private final String contentType;

        Format(String romeType, String contentType) {
            this.romeType = romeType;
            this.contentType = contentType;
        }

        public String contentType() {
            return contentType;
        }
    }

    private ReaderFeeds() {}

    /** The feed of {@code posts}, in their order, as UTF-8 bytes of {@code format}, with t.me's media URLs. */
    public static byte[] render(Format format, FeedInfo info, List<ChannelPost> posts) {
        return render(format, info, posts, MediaLinks.CDN);
    }

    /** As above, the media at {@code links}. */
    public static byte[] render(Format format, FeedInfo info, List<ChannelPost> posts, MediaLinks links) {
        return render(format, info, posts, links, Edits.NONE);
    }

    /** As above, the posts found edited dated as updated then ({@link Edits}). */
    public static byte[] render(Format format, FeedInfo info, List<ChannelPost> posts, MediaLinks links, Edits edits) {
        List<ReaderEntry> entries = posts.stream().map(post -> ReaderEntry.of(post, links, edits)).toList();
        if (format == Format.JSON_FEED) {
            return JsonFeed.write(info, entries);
        }
        try {
            boolean rss = format == Format.RSS;
            WireFeed wire = syndFeed(info, entries, rss).createWireFeed(format.romeType);
            if (wire instanceof Channel channel) {
                markPermalinks(channel);
                WebSubLinks.addTo(channel, info);
            }
            return new WireFeedOutput().outputString(wire).getBytes(StandardCharsets.UTF_8);
        } catch (FeedException e) {
            // Every required element is always set, so Rome refusing the feed is a bug here.
            throw new IllegalStateException("Rome could not write a " + format + " feed", e);
        }
    }

    /** Rome writes {@code isPermaLink="false"}; our guids are the posts' permalinks, which readers may open. */
    private static void markPermalinks(Channel channel) {
        for (Item item : channel.getItems()) {
            if (item.getGuid() != null) {
                item.getGuid().setPermaLink(true);
            }
        }
    }

    private static SyndFeed syndFeed(FeedInfo info, List<ReaderEntry> entries, boolean rss) {
        SyndFeed feed = new SyndFeedImpl();
        feed.setEncoding("UTF-8");
        feed.setUri(info.selfUrl());
        feed.setTitle(info.title());
        feed.setDescription(info.description());
        feed.setLink(info.homeUrl());
        feed.setLinks(info.hubUrl() == null || rss
                ? List.of(link("alternate", info.homeUrl(), "text/html"), link("self", info.selfUrl(), null))
                : List.of(link("alternate", info.homeUrl(), "text/html"), link("self", info.selfUrl(), null),
                        link("hub", info.hubUrl(), null)));
        feed.setGenerator("tme-api");
        feed.setPublishedDate(date(updated(entries)));
        if (info.icon() != null) {
            SyndImage image = new SyndImageImpl();
            image.setUrl(info.icon());
            image.setTitle(info.title());
            image.setLink(info.homeUrl());
            feed.setImage(image);
            feed.setIcon(image);
        }
        Instant fallback = updated(entries);
        feed.setEntries(entries.stream().map(entry -> syndEntry(entry, fallback, rss)).toList());
        return feed;
    }

    /**
     * One entry; a post found edited is updated then (Atom {@code updated}; RSS, which has no such date, moves its
     * {@code pubDate}). A post without a date (rare: t.me always shows one) takes the feed's newest date, which Atom's
     * required {@code updated} needs; readers then place it with the newest. RSS has the author as Dublin Core's
     * {@code dc:creator} (its own {@code <author>} must be an e-mail address) and the HTML both as the
     * {@code <description>} every reader shows and as {@code content:encoded}; Atom as one {@code <content>}.
     */
    private static SyndEntry syndEntry(ReaderEntry entry, Instant fallback, boolean rss) {
        SyndEntry syndEntry = new SyndEntryImpl();
        syndEntry.setUri(entry.permalink());
        syndEntry.setLink(entry.permalink());
        syndEntry.setTitle(entry.title());
        Date when = date(entry.published() != null ? entry.published() : fallback);
        Date changed = entry.edited() != null ? date(entry.updated()) : when;
        // RSS has one date per item: an edited post's pubDate moves to the edit, so readers show it as new again.
        syndEntry.setPublishedDate(rss ? changed : when);
        syndEntry.setUpdatedDate(changed);
        if (rss) {
            syndEntry.setAuthor(entry.author());
        } else {
            SyndPerson author = new SyndPersonImpl();
            author.setName(entry.author());
            author.setUri(entry.authorUrl());
            syndEntry.setAuthors(List.of(author));
        }
        SyndContent content = new SyndContentImpl();
        content.setType("html");
        content.setValue(entry.html().isEmpty() ? PostHtml.attribute(entry.title()) : entry.html());
        syndEntry.setContents(List.of(content));
        if (rss) {
            syndEntry.setDescription(content);
        }
        syndEntry.setEnclosures(entry.enclosures().stream().map(ReaderFeeds::enclosure).toList());
        return syndEntry;
    }

    private static SyndEnclosure enclosure(Enclosure enclosure) {
        SyndEnclosure syndEnclosure = new SyndEnclosureImpl();
        syndEnclosure.setUrl(enclosure.url());
        syndEnclosure.setType(enclosure.type());
        syndEnclosure.setLength(enclosure.length());
        return syndEnclosure;
    }

    private static SyndLink link(String rel, String href, String type) {
        SyndLink link = new SyndLinkImpl();
        link.setRel(rel);
        link.setHref(href);
        link.setType(type);
        return link;
    }

    /**
     * The newest entry's date, an edit's included; the epoch for a feed without dated entries (stable bytes, never
     * "now").
     */
    private static Instant updated(List<ReaderEntry> entries) {
        return entries.stream().map(ReaderEntry::updated).filter(Objects::nonNull).max(Instant::compareTo)
                .orElse(Instant.EPOCH);
    }

    private static Date date(Instant instant) {
        return Date.from(instant);
    }
}
