package tme.coalescing;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import tme.cache.Stored;

/**
 * What one load is for, handed to the {@link Loader} (the shape of Caffeine's {@code asyncReload(key, oldValue)}):
 * the key, the flow it belongs to, its priority, and for a refresh the value it replaces. The upstream gate reads
 * the flow and priority to share its slots fairly; a loader may compare its result with {@link #previous()}.
 *
 * <p>The priority only rises: a reader that joins a background load nobody waited for makes it a user load, and
 * whoever queued the load ({@link #onRaise}) is told so it can move it ahead.
 */
public final class LoadContext {

    /** The client every background load (early refresh, stale-while-revalidate, the refresher) belongs to. */
    public static final String BACKGROUND_CLIENT = "background";

    private final String key;
    private final String client;
    private final String flow;
    private final Optional<Stored> previous;
    // Written once at most (BACKGROUND -> USER), read by the gate's queues on other threads.
    private volatile Priority priority;
    private final List<Runnable> raiseListeners = new CopyOnWriteArrayList<>();

    /**
     * @param key      the cache key being loaded
     * @param flow     who the load is for, for fairness: a channel, or one whole multi-channel request
     * @param priority a reader's or background work
     * @param previous the stored value this load replaces (a refresh, or a stale entry), if any
     */
    public LoadContext(String key, String flow, Priority priority, Optional<Stored> previous) {
        this(key, flow, flow, priority, previous);
    }

    /**
     * @param client who asked, an opaque key: the gate shares its turns and its budget between clients first, then
     *               between a client's flows; {@link #BACKGROUND_CLIENT} for background work
     */
    public LoadContext(String key, String client, String flow, Priority priority, Optional<Stored> previous) {
        this.key = Objects.requireNonNull(key, "key");
        this.client = Objects.requireNonNull(client, "client");
        this.flow = Objects.requireNonNull(flow, "flow");
        this.priority = Objects.requireNonNull(priority, "priority");
        this.previous = Objects.requireNonNull(previous, "previous");
    }

    /** A reader's load of {@code key} with nothing cached before it: for tests and one-off loads. */
    public static LoadContext user(String key, String flow) {
        return new LoadContext(key, flow, Priority.USER, Optional.empty());
    }

    public String key() {
        return key;
    }

    public String flow() {
        return flow;
    }

    /** Who asked for this load (the one that started it: a load joined later is not charged again). */
    public String client() {
        return client;
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
        return "LoadContext[" + key + ", client " + client + ", flow " + flow + ", " + priority + (previous.isPresent() ? ", refresh" : "") + "]";
    }
}
