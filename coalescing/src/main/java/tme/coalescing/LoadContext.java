package tme.coalescing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import tme.cache.Stored;

/**
 * What one load is for, handed to the {@link Loader} (the shape of Caffeine's {@code asyncReload(key, oldValue)}):
 * the key, who asked ({@link Asker}: the client charged and the flow it belongs to), its priority, and for a
 * refresh the value it replaces. The upstream gate reads the client, flow and priority to share its slots and budget
 * fairly; a loader may compare its result with {@link #previous()}.
 *
 * <p>The priority only rises: a reader that joins a background load nobody waited for makes it a user load, and
 * whoever queued the load ({@link #onRaise}) is told so it can move it ahead.
 */
public final class LoadContext {

    private final String key;
    private final Asker asker;
    private final Optional<Stored> previous;
    // Written once at most (BACKGROUND -> USER), read by the gate's queues on other threads.
    private volatile Priority priority;
    private final List<Runnable> raiseListeners = new CopyOnWriteArrayList<>();
    // Completed once the load's value is stored (or the load ended without one): see settled().
    private final Promise<Void> settled = Promise.promise();

    /**
     * @param key      the cache key being loaded
     * @param asker    who the load is charged to and the flow it belongs to: the gate shares its turns and its
     *                 budget between clients first, then between a client's flows
     * @param priority a reader's or background work
     * @param previous the stored value this load replaces (a refresh, or a stale entry), if any
     */
    public LoadContext(String key, Asker asker, Priority priority, Optional<Stored> previous) {
        this.key = Objects.requireNonNull(key, "key");
        this.asker = Objects.requireNonNull(asker, "asker");
        this.priority = Objects.requireNonNull(priority, "priority");
        this.previous = Objects.requireNonNull(previous, "previous");
    }

    /**
     * Completes (never fails) once this load has ended: its value stored in both levels (L2 took it or declined), or
     * no value to store. What a loader's listener waits for before telling others to read the key again (an edit
     * found on the page: readers then get the new page, not the one it replaces).
     */
    public Future<Void> settled() {
        return settled.future();
    }

    /** The load has ended ({@link #settled()}). */
    void settle() {
        settled.tryComplete();
    }

    /** A reader's load of {@code key} with nothing cached before it: for tests and one-off loads. */
    public static LoadContext user(String key, Asker asker) {
        return new LoadContext(key, asker, Priority.USER, Optional.empty());
    }

    public String key() {
        return key;
    }

    /** Who asked for this load (the one that started it: a load joined later is not charged again). */
    public Asker asker() {
        return asker;
    }

    public String flow() {
        return asker.flow();
    }

    /** The client this load is charged to ({@link Asker#client()}). */
    public String client() {
        return asker.client();
    }

    public Priority priority() {
        return priority;
    }

    public boolean background() {
        return priority == Priority.BACKGROUND;
    }

    public Optional<Stored> previous() {
        return previous;
    }

    /**
     * Makes a background load a user load (a reader now waits for it); tells the listeners once. True when this
     * call raised it, false when it already was a user load.
     */
    public boolean raise() {
        synchronized (this) {
            if (priority == Priority.USER) {
                return false;
            }
            priority = Priority.USER;
        }
        raiseListeners.forEach(Runnable::run);
        return true;
    }

    /** Raises this load if {@code joiner}, a load that shares it, is a user's. */
    public void joinedBy(LoadContext joiner) {
        if (joiner.priority() == Priority.USER) {
            raise();
        }
    }

    /** Runs {@code listener} when this load is raised (at once, if it already was since the call). */
    public void onRaise(Runnable listener) {
        raiseListeners.add(listener);
        if (priority == Priority.USER && raiseListeners.remove(listener)) {
            listener.run(); // raised before (or while) the listener was added
        }
    }

    @Override
    public String toString() {
        return "LoadContext[" + key + ", " + asker + ", " + priority + (previous.isPresent() ? ", refresh" : "") + "]";
    }
}
