package tme.api.feed;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;

/**
 * The multi-channel feed's order: every post of every page scored ({@link Score}), highest first; ties go to the
 * newer post, then the channel first by name, then the higher id, so the order never depends on the order the
 * channels were asked in. A post (channel, id) appears once. Pure: no I/O, the clock is an argument.
 */
public final class Ranking {

    /** Newer first, then channel name, then higher id. A post without a date sorts after dated ones. */
    static final Comparator<ChannelPost> NEWEST_FIRST = Comparator
            .comparingLong((ChannelPost item) -> posted(item.post())).reversed()
            .thenComparing(ChannelPost::channelName)
            .thenComparing(item -> item.post().id(), Comparator.reverseOrder());

    /** Highest score first; ties {@link #NEWEST_FIRST}. */
    static final Comparator<RankedPost> ORDER = Comparator.comparingDouble(RankedPost::score).reversed()
            .thenComparing(RankedPost::item, NEWEST_FIRST);

    private Ranking() {}

    /**
     * The ranked posts newest first, as reader feeds list them: a reader sorts by date anyway, and the file then
     * changes only when the selection does, so its ETag holds across rebuilds while the scores drift with time.
     */
    public static List<ChannelPost> newestFirst(List<RankedPost> ranked) {
        return ranked.stream().map(RankedPost::item).sorted(NEWEST_FIRST).toList();
    }

    /** The {@code limit} best posts of {@code pages} at {@code now}. */
    public static List<RankedPost> rank(List<ChannelPage> pages, Instant now, int limit) {
        return rank(pages, now, limit, post -> true);
    }

    /**
     * The {@code limit} best posts of {@code pages} at {@code now} that {@code keep} keeps: ranked first, then
     * filtered, so the scores and the order do not depend on the filter and {@code limit} counts what is kept.
     */
    public static List<RankedPost> rank(List<ChannelPage> pages, Instant now, int limit, Predicate<Post> keep) {
        List<RankedPost> scored = new ArrayList<>();
        for (ChannelPage page : pages) {
            double subscribers = subscribers(page);
            for (Post post : page.posts()) {
                scored.add(new RankedPost(new ChannelPost(page.channel(), post), Score.of(post, subscribers, now)));
            }
        }
        scored.sort(ORDER);
        Set<String> seen = new HashSet<>();
        List<RankedPost> ranked = new ArrayList<>(Math.min(limit, scored.size()));
        for (RankedPost post : scored) {
            if (ranked.size() == limit) {
                break;
            }
            if (keep.test(post.item().post()) && seen.add(post.item().channelName() + "/" + post.item().post().id())) {
                ranked.add(post);
            }
        }
        return ranked;
    }

    /**
     * The channel's subscribers, the engagement's denominator. A channel that shows no count (or one we cannot read)
     * is measured by its best-read post instead, never by 1, which would make every view count ten times.
     */
    static double subscribers(ChannelPage page) {
        Long shown = page.channel().counters() == null ? null : page.channel().counters().subscribersCount();
        if (shown != null && shown > 0) {
            return shown;
        }
        long mostViews = page.posts().stream().map(post -> post.footer().viewsCount())
                .filter(views -> views != null).mapToLong(Long::longValue).max().orElse(1);
        return Math.max(mostViews, 1);
    }

    /** Epoch seconds of the post, or the earliest time when it has none (sorts last among ties). */
    private static long posted(Post post) {
        return post.footer().date() == null ? Long.MIN_VALUE : post.footer().date().unix();
    }
}
