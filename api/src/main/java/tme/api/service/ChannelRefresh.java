package tme.api.service;

import io.vertx.core.Future;
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
 * while a reader's load of it was running finds that load stored only now.
 */
public final class ChannelRefresh implements Refresh {

    /** t.me's 429, and the fleet's pause after one: both carry the time t.me gave. */
    private static final Set<String> THROTTLED = Set.of("upstream_throttled", "upstream_cooldown");

    private final ChannelService channels;
    private final Duration youngEnough;
    private final InstantSource clock;

    /** {@code interval}: {@code REFRESH_INTERVAL}; a page younger than half of it is not loaded again. */
    public ChannelRefresh(ChannelService channels, Duration interval, InstantSource clock) {
        this.channels = channels;
        this.youngEnough = interval.dividedBy(2);
        this.clock = clock;
    }

    @Override
    public Future<RefreshOutcome> refresh(String name) {
        ChannelName channel;
        try {
            channel = ChannelName.parse("channel", name);
        } catch (InvalidInput notAName) {
            return Future.succeededFuture(new RefreshOutcome.Gone()); // never registered by us: drop it
        }
        return channels.refreshLatest(channel, youngEnough, Asker.background(name)).map(this::outcome);
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
