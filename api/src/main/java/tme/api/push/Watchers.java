package tme.api.push;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import tme.coalescing.refresh.Schedule;
import tme.events.Entry;
import tme.events.Tail;

/**
 * Who listens to which channel (live streams, WebSub subscriptions), and keeping those channels current: every
 * {@code every} the watched channels are registered with the refresh schedule, so refreshers keep loading them
 * while someone listens, and each is handed to {@code poll} ({@link OwnLoads}): without Redis (no refreshers), or
 * while this server cannot reach it (no refresher can claim), it loads each itself, through the same gate at
 * background priority. A channel's new events reach its listeners through the {@link Tail}.
 */
public final class Watchers implements AutoCloseable {

    private final Vertx vertx;
    private final Tail tail;
    private final Schedule schedule;
    private final Function<String, Future<?>> poll;
    private final long timer;

    /**
     * @param every how often the watched channels are registered, and polled
     * @param poll  what keeps a channel current from this server, asked each round (it decides whether to load, and
     *              whether the page is old enough)
     */
    public Watchers(Vertx vertx, Tail tail, Schedule schedule, Duration every, Function<String, Future<?>> poll) {
        this.vertx = vertx;
        this.tail = tail;
        this.schedule = schedule;
        this.poll = poll;
        this.timer = vertx.setPeriodic(every.toMillis(), id -> keepCurrent());
    }

    /**
     * Hands {@code listener} (on the tail's context) each new event of {@code channel} after the position the future
     * completes with; the channel is kept current from now on, and polled at once.
     */
    public Future<String> watch(String channel, Consumer<Entry> listener) {
        Future<String> placed = tail.watch(channel, listener);
        schedule.register(List.of(channel));
        poll.apply(channel);
        return placed;
    }

    public void unwatch(String channel, Consumer<Entry> listener) {
        tail.unwatch(channel, listener);
    }

    /** {@code push.watched_channels}: channels with a listener in this process. */
    public Map<String, Long> counters() {
        return Map.of("push.watched_channels", (long) tail.names().size());
    }

    private void keepCurrent() {
        var names = tail.names();
        if (names.isEmpty()) {
            return;
        }
        schedule.register(names);
        names.forEach(poll::apply);
    }

    @Override
    public void close() {
        vertx.cancelTimer(timer);
        tail.close();
    }
}
