package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;
import tme.redis.testing.TestClock;

/** An L2 with a bug: it throws instead of answering a future. The cache degrades as if L2 had declined. */
class TwoLevelCacheBrokenL2Test {

    /** Claims to be available, then throws on every call, as a codec refusing a value would. */
    static final class ThrowingL2 implements L2 {
        final AtomicInteger reads = new AtomicInteger();
        final AtomicInteger writes = new AtomicInteger();

        @Override
        public Future<Lookup> read(String key) {
            reads.incrementAndGet();
            throw new IllegalStateException("read bug");
        }

        @Override
        public Future<Boolean> write(String key, Stored value, Duration ttl) {
            writes.incrementAndGet();
            throw new IllegalArgumentException("freshFor too long for the codec");
        }

        @Override
        public boolean available() {
            return true;
        }
    }

    final TestClock clock = new TestClock();
    final ThrowingL2 l2 = new ThrowingL2();
    final TwoLevelCache cache = TwoLevelCache.create(CacheConfig.defaults(), clock, l2);

    @Test
    void put_l2WriteThrows_completesAndL1KeepsTheValueForItsFullFreshness() {
        Stored value = Stored.of("{}".getBytes(StandardCharsets.UTF_8), 0, clock.instant(), Duration.ofSeconds(60));

        Await.result(cache.put("k", value));
        clock.advance(Duration.ofSeconds(30)); // past the 10s L1 cap: the declined write kept our copy longer

        Lookup.Hit hit = assertInstanceOf(Lookup.Hit.class, Await.result(cache.get("k")));
        assertSame(value, hit.stored());
        assertEquals(Level.L1, hit.level());
        assertEquals(Duration.ofSeconds(30), hit.timeLeft());
        assertEquals(1, l2.writes.get());
    }

    @Test
    void get_l2ReadThrows_isAMissEveryTime_andNothingStaysInFlight() {
        assertSame(Lookup.miss(), Await.result(cache.get("k")));
        assertSame(Lookup.miss(), Await.result(cache.get("k")));

        assertEquals(2, l2.reads.get());
        assertEquals(2L, cache.counters().get("cache.misses"));
    }
}
