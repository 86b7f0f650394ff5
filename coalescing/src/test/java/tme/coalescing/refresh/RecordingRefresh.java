package tme.coalescing.refresh;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link Refresh} that remembers every call (which name, when on the test clock) and answers what the test set
 * for the name: refreshed by default, a given outcome, or nothing at all until the test completes it (a hang).
 * Like the api's loader, a refreshed name is recorded as loaded in the schedule given.
 */
final class RecordingRefresh implements Refresh {

    record Call(String name, Instant at) {}

    private final InstantSource clock;
    private final Schedule loads;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Map<String, RefreshOutcome> outcomes = new ConcurrentHashMap<>();
    // name -> the depth of its last refresh
    private final Map<String, Integer> depths = new ConcurrentHashMap<>();
    private final Map<String, Promise<RefreshOutcome>> hanging = new ConcurrentHashMap<>();
    private volatile boolean hangAll;

    RecordingRefresh(InstantSource clock, Schedule loads) {
        this.clock = clock;
        this.loads = loads;
    }

    /** Records the depth the refresher passed, then refreshes as {@link #refresh(String)}. */
    @Override
    public Future<RefreshOutcome> refresh(String name, int depth) {
        depths.put(name, depth);
        return refresh(name);
    }

    @Override
    public Future<RefreshOutcome> refresh(String name) {
        calls.add(new Call(name, clock.instant()));
        if (hangAll) {
            Promise<RefreshOutcome> promise = Promise.promise();
            hanging.put(name, promise);
            return promise.future();
        }
        RefreshOutcome outcome = outcomes.getOrDefault(name, RefreshOutcome.refreshed());
        if (!(outcome instanceof RefreshOutcome.Refreshed)) {
            return Future.succeededFuture(outcome);
        }
        return loads.loaded(name).map(outcome);
    }

    void answer(String name, RefreshOutcome outcome) {
        outcomes.put(name, outcome);
    }

    void hangAll() {
        hangAll = true;
    }

    /** Completes a hanging refresh (after its worker gave it up, say). */
    void release(String name, RefreshOutcome outcome) {
        hanging.remove(name).complete(outcome);
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The depth {@code name}'s last refresh was asked to reach, or null when it was never refreshed. */
    Integer depthOf(String name) {
        return depths.get(name);
    }

    long callsOf(String name) {
        return calls.stream().filter(call -> call.name().equals(name)).count();
    }
}
