package tme.coalescing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A loader standing in for t.me: counts its calls (and when they happened), answers what the test sets, at
 * once or only when the test opens its gate. One loader may be shared by several instances ("processes").
 */
final class CountingLoader implements Loader {

    private final List<Long> callNanos = new CopyOnWriteArrayList<>();
    private final List<LoadContext> contexts = new CopyOnWriteArrayList<>();
    private volatile Loaded answer;
    // null: answer at once; else every call waits for this gate.
    private volatile Promise<Void> gate;

    CountingLoader(Loaded answer) {
        this.answer = answer;
    }

    static CountingLoader answering(String json, Duration freshFor) {
        return new CountingLoader(value(json, freshFor));
    }

    static Loaded value(String json, Duration freshFor) {
        return Loaded.value(json.getBytes(StandardCharsets.UTF_8), 0, freshFor);
    }

    /** Calls from now on wait until {@link #release()}; a gate never released is a load that hangs. */
    CountingLoader hold() {
        gate = Promise.promise();
        return this;
    }

    /** Answers every waiting call (with the answer set now), and later calls at once. */
    void release() {
        Promise<Void> opened = gate;
        gate = null;
        if (opened != null) {
            opened.tryComplete();
        }
    }

    void answer(Loaded next) {
        answer = next;
    }

    @Override
    public Future<Loaded> load(LoadContext context) {
        // Both lists grow together, under the lock awaitCall waits on: a call it sees is counted by calls() too.
        synchronized (this) {
            contexts.add(context);
            callNanos.add(System.nanoTime());
            notifyAll();
        }
        Promise<Void> waitFor = gate;
        return waitFor == null ? Future.succeededFuture(answer) : waitFor.future().map(open -> answer);
    }

    int calls() {
        return callNanos.size();
    }

    /** The context of each call, in call order (a context's priority may rise after the call). */
    List<LoadContext> contexts() {
        return contexts;
    }

    /**
     * The context of call {@code n} (counted from 1), waiting for it with a deadline: a refresh a hit sets off
     * starts on the loop's next turn, after the hit was answered.
     */
    synchronized LoadContext awaitCall(int n) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (contexts.size() < n) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw new AssertionError("call " + n + " not made within 60s; calls: " + contexts.size());
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
        return contexts.get(n - 1);
    }

    long firstCallNanos() {
        return callNanos.getFirst();
    }
}
