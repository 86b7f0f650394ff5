package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Reads without the lock, writes and evictions under it, from several threads at once: afterwards the weight the
 * LRU counts is exactly that of the entries it still holds, the bound holds, and every entry held answers its value.
 */
class SegmentedLruConcurrencyTest {

    static final int THREADS = 4;
    static final int OPERATIONS = 50_000;
    static final int KEYS = 3_000;
    static final long BOUND = 100_000;

    @Test
    void concurrentReadsAndWrites_leaveTheWeightExact_andWithinTheBound() throws InterruptedException {
        SegmentedLru<Integer> lru = new SegmentedLru<>(BOUND, (key, value) -> value);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Random random = new Random(t);
            threads.add(Thread.ofPlatform().start(() -> {
                awaitQuietly(start);
                for (int i = 0; i < OPERATIONS; i++) {
                    String key = "k" + random.nextInt(KEYS);
                    switch (random.nextInt(4)) {
                        case 0 -> lru.put(key, weightOf(key));
                        case 1 -> lru.remove(key, weightOf(key));
                        default -> lru.get(key);
                    }
                }
            }));
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }

        AtomicLong held = new AtomicLong();
        AtomicLong count = new AtomicLong();
        lru.removeIf((key, value) -> {
            assertEquals(weightOf(key), value);
            held.addAndGet(value);
            count.incrementAndGet();
            return false;
        });
        assertEquals(held.get(), lru.weightedSize());
        assertEquals(count.get(), lru.size());
        assertTrue(lru.weightedSize() <= BOUND, "weighted " + lru.weightedSize());
        assertTrue(count.get() > 100, "held " + count.get());
    }

    /** Each key's value is its weight: 50 to 149. */
    private static Integer weightOf(String key) {
        return 50 + Math.floorMod(key.hashCode(), 100);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
