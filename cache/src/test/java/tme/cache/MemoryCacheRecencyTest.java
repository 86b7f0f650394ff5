package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.cache.MemoryCache.Held;
import tme.redis.testing.TestClock;

/**
 * L1 keeps what was just loaded (issue 30): every new entry is admitted, the least recent evicted, within the
 * weight bound. Caffeine's TinyLFU kept 3 of the 50 most recently loaded channels after one pass over 5000.
 */
class MemoryCacheRecencyTest {

    static final int SCANNED = 5000;
    static final int PAYLOAD = 1000;
    /** A little over 1000 entries of {@link #PAYLOAD} bytes with their overhead and keys ("scan4999": 16 bytes). */
    static final long BOUND = 1000L * (MemoryCache.ENTRY_OVERHEAD + PAYLOAD + 2 * 16);

    final TestClock clock = new TestClock();
    final MemoryCache cache = new MemoryCache(BOUND, clock);

    @Test
    void aOnePassScan_keepsTheMostRecentEntriesThatFit_withinTheBound() {
        IntStream.range(0, SCANNED).forEach(i -> put("scan" + i));

        List<Integer> kept = IntStream.range(0, SCANNED).filter(i -> held("scan" + i)).boxed().toList();
        assertTrue(cache.weightedSize() <= BOUND, "weighted " + cache.weightedSize() + " > " + BOUND);
        assertEquals(List.of(), IntStream.range(SCANNED - 50, SCANNED).filter(i -> !held("scan" + i)).boxed().toList(),
                "of the 50 most recent, missing");
        int oldestKept = kept.getFirst();
        assertEquals(IntStream.range(oldestKept, SCANNED).boxed().toList(), kept, "the most recent ones, in one run");
        assertTrue(cache.weightedSize() + MemoryCache.weigh("scan" + (oldestKept - 1), held(Instant.MAX)) > BOUND,
                "the next older one would not have fit");
        assertTrue(kept.size() > 1000, "kept " + kept.size());
        assertEquals(kept.size(), cache.size());
    }

    @Test
    void entriesReadAgain_surviveAScan_besideTheMostRecent() {
        IntStream.range(0, 100).forEach(i -> put("hot" + i));
        IntStream.range(0, 100).forEach(i -> assertNotNull(cache.get("hot" + i, clock.instant())));

        IntStream.range(0, SCANNED).forEach(i -> put("scan" + i));

        assertEquals(List.of(), IntStream.range(0, 100).filter(i -> !held("hot" + i)).boxed().toList(),
                "hot entries evicted by the scan");
        assertEquals(List.of(), IntStream.range(SCANNED - 50, SCANNED).filter(i -> !held("scan" + i)).boxed().toList(),
                "of the 50 most recent, missing");
        assertTrue(cache.weightedSize() <= BOUND, "weighted " + cache.weightedSize() + " > " + BOUND);
    }

    @Test
    void anEntryPastItsTime_isNotAnswered_andNoLongerCounted() {
        put("long");
        cache.put("brief", held(clock.instant().plusSeconds(5)));

        clock.advance(Duration.ofSeconds(5));

        assertNull(cache.get("brief", clock.instant()));
        assertNotNull(cache.get("long", clock.instant()));
        assertEquals(1, cache.size());
        assertEquals(MemoryCache.weigh("long", held(Instant.MAX)), cache.weightedSize());
    }

    @Test
    void aRefreshedEntry_replacesItsValue_andItsWeight() {
        put("page");
        Held newer = new Held(stored(2 * PAYLOAD), clock.instant(), clock.instant().plusSeconds(3600));
        cache.put("page", newer);

        assertEquals(newer, cache.get("page", clock.instant()));
        assertEquals(1, cache.size());
        assertEquals(MemoryCache.weigh("page", newer), cache.weightedSize());
    }

    private void put(String key) {
        cache.put(key, held(clock.instant().plusSeconds(3600)));
    }

    private Held held(Instant heldUntil) {
        Stored stored = stored(PAYLOAD);
        return new Held(stored, stored.expiresAt(), heldUntil);
    }

    private Stored stored(int size) {
        return new Stored(new byte[size], false, size, 0, clock.instant(), Duration.ofSeconds(60));
    }

    private boolean held(String key) {
        return cache.get(key, clock.instant()) != null;
    }
}
