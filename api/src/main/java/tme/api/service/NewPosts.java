package tme.api.service;

import io.vertx.core.Future;
import java.util.Optional;
import tme.cache.Stored;
import tme.scraper.model.ChannelPage;

/**
 * Told of every latest page loaded from t.me (a reader's, a feed's, the refresher's) with the stored value it
 * replaces, so it can tell which posts are new ({@code tme.api.push.PostEvents}); {@link #none()} ignores them.
 */
public interface NewPosts {

    /** {@code page} was loaded for {@code channel}; {@code previous} is the stored latest page it replaces, if any. */
    void loaded(String channel, ChannelPage page, Optional<Stored> previous);

    /**
     * As {@link #loaded(String, ChannelPage, Optional)}; {@code stored} completes once the page is stored in both
     * cache levels (or the load ended without storing it), for what must not be told before readers can get it.
     */
    default void loaded(String channel, ChannelPage page, Optional<Stored> previous, Future<Void> stored) {
        loaded(channel, page, previous);
    }

    /** Tells each of {@code all}, in order. */
    static NewPosts all(NewPosts... all) {
        return new NewPosts() {
            @Override
            public void loaded(String channel, ChannelPage page, Optional<Stored> previous) {
                loaded(channel, page, previous, Future.succeededFuture());
            }

            @Override
            public void loaded(String channel, ChannelPage page, Optional<Stored> previous,
                               Future<Void> stored) {
                for (NewPosts one : all) {
                    one.loaded(channel, page, previous, stored);
                }
            }
        };
    }

    static NewPosts none() {
        return (channel, page, previous) -> {};
    }
}
