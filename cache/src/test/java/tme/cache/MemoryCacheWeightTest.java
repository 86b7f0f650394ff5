package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tme.cache.MemoryCache.Held;
import tme.redis.testing.TestClock;

/** The weight L1 accounts for its entries must cover the heap they really retain. */
class MemoryCacheWeightTest {

    static final int ENTRIES = 20_000;

    @Test
    void accountedWeight_coversRetainedHeap() {
        TestClock clock = new TestClock();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int payloadSize : new int[] {0, 64, 2048}) {
            long before = usedHeapAfterGc(memory);
            MemoryCache cache = new MemoryCache(1L << 40, clock);
            fill(cache, clock, payloadSize);
            long retained = usedHeapAfterGc(memory) - before;
            long accounted = cache.weightedSize();

            assertEquals(ENTRIES, cache.size());
            System.out.printf("payload %d: retained %d bytes/entry, accounted %d bytes/entry%n",
                    payloadSize, retained / ENTRIES, accounted / ENTRIES);
            assertTrue(accounted >= retained, "accounted " + accounted + " < retained " + retained
                    + " for payloads of " + payloadSize + " bytes");
            assertTrue(accounted - retained < ENTRIES * 250L,
                    "over-accounted by " + (accounted - retained) / ENTRIES + " bytes an entry");
            Reference.reachabilityFence(cache);
        }
    }

    @Test
    void weightBound_evictsBeyondTheBudget() {
        TestClock clock = new TestClock();
        long budget = 100 * (MemoryCache.ENTRY_OVERHEAD + 1100L);
        MemoryCache cache = new MemoryCache(budget, clock);

        fill(cache, clock, 1000);

        assertTrue(cache.weightedSize() <= budget, "weighted " + cache.weightedSize() + " > " + budget);
        assertTrue(cache.size() >= 50, "kept only " + cache.size() + " of about 100 that fit");
    }

    /** Entries as production builds them: distinct keys, payloads, Instants and Durations. */
    static void fill(MemoryCache cache, TestClock clock, int payloadSize) {
        Random random = new Random(7);
        for (int i = 0; i < ENTRIES; i++) {
            byte[] payload = new byte[payloadSize];
            random.nextBytes(payload);
            Instant now = clock.instant().plusNanos(i);
            Stored stored = new Stored(payload, false, payloadSize, 0, now, Duration.ofSeconds(60 + i % 7));
            String key = "tme:v1:full:body:channel_" + i + ":" + (i * 31);
            cache.put(key, new Held(stored, stored.expiresAt(), now.plusSeconds(3600 + i)));
        }
    }

    static long usedHeapAfterGc(MemoryMXBean memory) {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
