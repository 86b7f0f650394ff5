package tme.api.service;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tme.cache.TwoLevelCache;
import tme.coalescing.CoalescingCache;
import tme.scraper.parse.ParserMode;

/**
 * Cached answers that an edit or a deletion on t.me makes wrong, dropped when a load finds it rather than left until
 * they expire: the edited or deleted posts' own entries ({@code /v1/post}), every built feed holding the channel (each
 * is tagged with its channels when built), and the channel's other cached pages (around a position, {@code
 * /v1/more}, searches: each tagged with the channel when loaded; which of them shows the post is not known without
 * reading them all, so all go, and the next reader of each loads it again). The channel's latest page needs
 * nothing: the load that found the change replaces it.
 */
public final class ChangedAnswers {

    private final TwoLevelCache levels;
    private final Keys keys;
    private final Duration tagFor;

    /** {@code tagFor}: how long a feed is remembered as holding its channels: its whole life in the cache, at least. */
    public ChangedAnswers(CoalescingCache cache, ParserMode mode, Duration tagFor) {
        this.levels = cache.levels();
        this.keys = new Keys(mode);
        this.tagFor = tagFor;
    }

    /** The feed stored at {@code key} holds {@code request}'s channels. */
    Future<Void> built(FeedRequest request, String key) {
        return Future.join(request.names().stream().map(name -> levels.tag(keys.feedsOf(name), key, tagFor)).toList())
                .mapEmpty();
    }

    /** The page stored at {@code key} is one of {@code channel}'s pages other than its latest. */
    Future<Void> pageLoaded(String channel, String key) {
        return levels.tag(keys.pagesOf(channel), key, tagFor);
    }

    /** Posts {@code ids} of {@code channel} were edited or deleted: their entries, the channel's feeds and pages go. */
    public Future<Void> changed(String channel, List<Integer> ids) {
        List<Future<?>> drops = new ArrayList<>();
        ids.forEach(id -> drops.add(levels.drop(keys.post(channel, id))));
        drops.add(levels.dropTagged(keys.feedsOf(channel)));
        drops.add(levels.dropTagged(keys.pagesOf(channel)));
        return Future.join(drops).mapEmpty();
    }
}
