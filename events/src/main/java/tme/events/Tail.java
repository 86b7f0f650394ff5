package tme.events;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;
import tme.redis.RepeatLog;

/**
 * Follows the logs of the watched names: every {@code every} it reads each one after the last entry it handed on
 * and hands the new entries, oldest first, to that name's listeners (on its own context: a listener moves to its
 * own). One read per watched name per round, whoever listens; a name nobody listens to any more is let go.
 *
 * <p>A new name is placed at its log's newest entry first ({@link #watch} completes with that position), so a
 * listener that reads what it missed from its own position up to there and then takes what the tail hands it
 * misses nothing and sees nothing twice (it drops entries at or before what it has).
 */
public final class Tail implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Tail.class.getName());

    private final Vertx vertx;
    private final EventLog log;
    private final Duration every;
    private final int batch;
    private final Context context;
    // Failed reads (Redis out of reach, or a bug): one line a minute per kind; the position stays for the next round.
    private final RepeatLog failures = RepeatLog.perMinute(LOG, InstantSource.system());
    // Touched only on context: the watched names and where each stands (each Watched's fields too; answers from the
    // log hop back onto it before they touch them).
    private final Map<String, Watched> watched = new HashMap<>();
    private long timer = -1;
    // The watched names as last changed, for readers on any thread.
    private volatile Set<String> names = Set.of();

    /** Reads at most {@code batch} entries per name per round, every {@code every}, on the caller's context. */
    public Tail(Vertx vertx, EventLog log, Duration every, int batch) {
        this(vertx, vertx.getOrCreateContext(), log, every, batch);
    }

    /**
     * Reads at most {@code batch} entries per name per round, every {@code every}, on {@code context}: it guards the
     * watched names and their positions, and listeners are handed entries there.
     */
    public Tail(Vertx vertx, Context context, EventLog log, Duration every, int batch) {
        this.vertx = vertx;
        this.log = log;
        this.every = every;
        this.batch = batch;
        this.context = context;
    }

    /** Starts following; listeners are handed entries from here on. */
    public Tail start() {
        context.runOnContext(v -> timer = vertx.setPeriodic(every.toMillis(), id -> round()));
        return this;
    }

    /**
     * Hands {@code listener} every entry of {@code name}'s log after the position this future completes with (the
     * log's newest entry when the name was first watched, or where the tail stands now).
     */
    public Future<String> watch(String name, Consumer<Entry> listener) {
        Promise<String> placed = Promise.promise();
        context.runOnContext(v -> {
            Watched one = watched.computeIfAbsent(name, n -> new Watched());
            one.listeners.add(listener);
            names = Set.copyOf(watched.keySet());
            if (one.position != null) {
                placed.complete(one.position);
            } else {
                one.waiting.add(placed);
                place(name, one);
            }
        });
        return placed.future();
    }

    /** Stops handing {@code name}'s entries to {@code listener}. */
    public void unwatch(String name, Consumer<Entry> listener) {
        context.runOnContext(v -> {
            Watched one = watched.get(name);
            if (one != null) {
                one.listeners.remove(listener);
                if (one.listeners.isEmpty()) {
                    watched.remove(name);
                    names = Set.copyOf(watched.keySet());
                }
            }
        });
    }

    /** The names watched now (a snapshot; read on any thread). */
    public Set<String> names() {
        return names;
    }

    @Override
    public void close() {
        context.runOnContext(v -> {
            vertx.cancelTimer(timer);
            watched.clear();
            names = Set.of();
        });
    }

    private void place(String name, Watched one) {
        if (one.placing) {
            return;
        }
        one.placing = true;
        // The log's answer may complete on another thread (a Redis connection's loop): back onto the context.
        log.last(name).onComplete(last -> context.runOnContext(v -> {
            one.placing = false;
            if (last.failed()) {
                return; // placed on a later round
            }
            one.position = last.result();
            one.waiting.forEach(waiting -> waiting.complete(last.result()));
            one.waiting.clear();
        }));
    }

    private void round() {
        watched.forEach((name, one) -> {
            if (one.position == null) {
                place(name, one);
            } else if (!one.reading) {
                read(name, one);
            }
        });
    }

    private void read(String name, Watched one) {
        one.reading = true;
        log.after(name, one.position, batch).onComplete(read -> context.runOnContext(v -> {
            one.reading = false;
            if (read.failed()) {
                failures.log(System.Logger.Level.WARNING, "Could not read events",
                        () -> "Could not read events of " + name, read.cause());
                return;
            }
            List<Entry> entries = read.result();
            for (Entry entry : entries) {
                if (entry.after(one.position)) {
                    one.position = entry.id();
                    handOn(one, entry);
                }
            }
        }));
    }

    /**
     * Hands {@code entry} on unless its sequence is one handed on already: sequences rise along a log, except where a
     * log Redis lost was given back the entries it held last ({@link EventLog#restoreMarks}), which listeners here
     * had when this tail read them before.
     */
    private static void handOn(Watched one, Entry entry) {
        if (entry.seq() > 0 && entry.seq() <= one.handedSeq) {
            return;
        }
        one.handedSeq = Math.max(one.handedSeq, entry.seq());
        one.listeners.forEach(listener -> listener.accept(entry));
    }

    /** One watched name: its listeners, where the tail stands (null until placed), whether a read is out. */
    private static final class Watched {
        final Set<Consumer<Entry>> listeners = new CopyOnWriteArraySet<>();
        final List<Promise<String>> waiting = new java.util.ArrayList<>();
        String position;
        long handedSeq; // the highest sequence handed on
        boolean placing;
        boolean reading;
    }
}
