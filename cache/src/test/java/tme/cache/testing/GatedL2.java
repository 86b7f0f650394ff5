package tme.cache.testing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import tme.cache.L2;
import tme.cache.Lookup;
import tme.cache.Stored;

/**
 * A real L2 whose read answers can be held back: {@link #hold()}, then {@link #release()}. Counts reads, so
 * tests can assert how many reached the level. Writes pass straight through.
 */
public final class GatedL2 implements L2 {

    private final L2 delegate;
    private final AtomicInteger reads = new AtomicInteger();
    private volatile Promise<Void> gate = openGate();

    public GatedL2(L2 delegate) {
        this.delegate = delegate;
    }

    /** Reads started from now on wait (after the real read completed) until {@link #release()}. */
    public void hold() {
        gate = Promise.promise();
    }

    public void release() {
        gate.tryComplete();
    }

    public int reads() {
        return reads.get();
    }

    @Override
    public Future<Lookup> read(String key) {
        reads.incrementAndGet();
        Future<Void> passage = gate.future();
        return delegate.read(key).compose(lookup -> passage.map(open -> lookup));
    }

    @Override
    public Future<Boolean> write(String key, Stored value, Duration ttl) {
        return delegate.write(key, value, ttl);
    }

    @Override
    public boolean available() {
        return delegate.available();
    }

    @Override
    public Map<String, Long> counters() {
        return delegate.counters();
    }

    private static Promise<Void> openGate() {
        Promise<Void> open = Promise.promise();
        open.complete();
        return open;
    }
}
