package tme.cache.testing;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import tme.cache.L2;
import tme.cache.Lookup;
import tme.cache.Stored;

/**
 * A real L2 whose read answers can be held back: {@link #hold()}, then {@link #release()}. Counts reads, so
 * tests can assert how many reached the level, and header reads ({@link #storedAt}) apart. Writes pass straight
 * through.
 */
public final class GatedL2 implements L2 {

    private final L2 delegate;
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger checks = new AtomicInteger();
    private volatile Future<Lookup> lastRead;
    private volatile Future<Optional<Instant>> lastCheck;
    private volatile Promise<Void> gate = openGate();
    private final boolean epochs;

    /** Copies read through it are held to their cap: it tells no subscription's number ({@link L2#followEpoch}). */
    public GatedL2(L2 delegate) {
        this(delegate, false);
    }

    private GatedL2(L2 delegate, boolean epochs) {
        this.delegate = delegate;
        this.epochs = epochs;
    }

    /** As the constructor, telling the delegate's subscription number: copies may outlive their cap. */
    public static GatedL2 followed(L2 delegate) {
        return new GatedL2(delegate, true);
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

    /** Header reads ({@link #storedAt}), apart from {@link #reads()}. */
    public int checks() {
        return checks.get();
    }

    /** The answer of the last {@link #read} (as its caller got it): await it to see what the reader made of it. */
    public Future<Lookup> lastRead() {
        return lastRead;
    }

    /** The answer of the last {@link #storedAt}, as its caller got it. */
    public Future<Optional<Instant>> lastCheck() {
        return lastCheck;
    }

    @Override
    public Future<Lookup> read(String key) {
        reads.incrementAndGet();
        Future<Void> passage = gate.future();
        lastRead = delegate.read(key).compose(lookup -> passage.map(open -> lookup));
        return lastRead;
    }

    @Override
    public Future<Optional<Instant>> storedAt(String key) {
        checks.incrementAndGet();
        Future<Void> passage = gate.future();
        lastCheck = delegate.storedAt(key).compose(storedAt -> passage.map(open -> storedAt));
        return lastCheck;
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
    public void follow(BiConsumer<String, Stored> changed) {
        delegate.follow(changed);
    }

    @Override
    public boolean followingNow() {
        return delegate.followingNow();
    }

    @Override
    public long followEpoch() {
        return epochs ? delegate.followEpoch() : L2.NOT_FOLLOWING;
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
