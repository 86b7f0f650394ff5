package tme.api.service;

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

    static NewPosts none() {
        return (channel, page, previous) -> {};
    }
}
