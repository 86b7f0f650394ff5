package tme.api.service;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Set;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.coalescing.Asker;
import tme.coalescing.refresh.Refresh;
import tme.coalescing.refresh.RefreshOutcome;

/**
 * The refresher's {@link Refresh} of a channel: its latest page loaded again at background priority
 * ({@link ChannelService#refreshLatest}), through the same key, lease, budget and cooldown as every reader's load,
 * and what came of it for the schedule: loaded (or found just loaded by another process) is refreshed; t.me's 429
 * or the fleet's pause after one is throttled until the time they gave; a channel t.me says does not exist (or a
 * name that is no channel name at all) is gone; anything else failed, and backs off. A page stored within the last
 * half interval counts as refreshed without a load: the claim skips channels loaded that recently, but one claimed
 * while a reader's load of it was running finds that load stored only now. A channel registered deeper (a feed's
 * {@code pages=N}) has its older pages kept warm too.
 */
public final class ChannelRefresh implements Refresh {

    /** t.me's 429, and the fleet's pause after one: both carry the time t.me gave. */
    private static final Set<String> THROTTLED = Set.of("upstream_throttled", "upstream_cooldown");

    private final ChannelService channels;
    private final OlderPages older;
    private final Duration youngEnough;
    private final InstantSource clock;

    /**
     * {@code interval}: {@code REFRESH_INTERVAL}; a page younger than half of it is not loaded again. Older pages are
     * read back on {@code workers}.
     */
    public ChannelRefresh(ChannelService channels, WorkerExecutor workers, Duration interval, InstantSource clock) {
        this.channels = channels;
        this.older = new OlderPages(channels, workers);
        this.youngEnough = interval.dividedBy(2);
        this.clock = clock;
    }

    @Override
    public Future<RefreshOutcome> refresh(String name) {
        return refresh(name, 1);
    }

    /**
     * The latest page, then, for a channel a feed asked {@code depth} pages of ({@code pages=N}), the {@code depth - 1}
     * pages before it through their {@code /v1/more} entries ({@link OlderPages}): stored ones are hits, so t.me is
     * asked for older pages only when the latest page's oldest post moved (new keys) or an old page expired. The
     * outcome is the latest page's: the schedule is about it, and an older page that failed is read again next time.
     */
    @Override
    public Future<RefreshOutcome> refresh(String name, int depth) {
        ChannelName channel;
        try {
            channel = ChannelName.parse("channel", name);
        } catch (InvalidInput notAName) {
            return Future.succeededFuture(new RefreshOutcome.Gone()); // never registered by us: drop it
        }
        Asker asker = Asker.background(name);
        return channels.refreshLatest(channel, youngEnough, asker)
                .compose(latest -> older.before(channel, latest, depth - 1, asker).map(read -> outcome(latest)));
    }

    RefreshOutcome outcome(Answer answer) {
        return switch (answer) {
            case Answer.Cached cached when cached.status() == 200 -> new RefreshOutcome.Refreshed();
            case Answer.Cached notFound -> new RefreshOutcome.Gone();
            case Answer.Failure failure -> outcome(failure.problem());
        };
    }

    private RefreshOutcome outcome(Problem problem) {
        if (THROTTLED.contains(problem.code()) && problem.retryAfter() != null) {
            return new RefreshOutcome.Throttled(clock.instant().plus(problem.retryAfter()));
        }
        return Problem.CHANNEL_NOT_FOUND.equals(problem.code())
                ? new RefreshOutcome.Gone() : new RefreshOutcome.Failed(problem.code());
    }
}
