package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.cache.MemoryCache.Held;
import tme.redis.testing.TestClock;

/**
 * Every value that leaves L1 is told, once, with the value that took its key's place: replaced by a newer one, removed,
 * evicted, or found past its time. An entry renewed or checked keeps its value and tells nothing. What is made beside
 * a value (the hit path's copies) goes with it at once instead of when the collector clears a weak key.
 */
class L1DeparturesTest {

    static final int PAYLOAD = 1000;
    /** Room for three entries of {@link #PAYLOAD} with keys of up to 8 characters. */
    static final long BOUND = 3L * (MemoryCache.ENTRY_OVERHEAD + PAYLOAD + 2 * 8);

    record Departure(Stored value, Stored successor) {}

    final TestClock clock = new TestClock();
    final List<Departure> told = new ArrayList<>();
    final MemoryCache cache = new MemoryCache(BOUND, clock, () -> L2.NOT_FOLLOWING,
            (value, successor) -> told.add(new Departure(value, successor)));

    @Test
    void aValueReplaced_isToldWithItsSuccessor() {
        Held first = held();
        Held second = held();
        cache.put("page", first);
        cache.put("page", second);

        assertEquals(List.of(new Departure(first.stored(), second.stored())), told);
    }

    @Test
    void aValueRemovedOrEvicted_isToldWithNoSuccessor() {
        Held edited = held();
        cache.put("edited", edited);
        cache.remove("edited");
        Held oldest = held();
        cache.put("a", oldest);
        cache.put("b", held());
        cache.put("c", held());
        cache.put("d", held()); // a fourth: the least recent goes

        assertEquals(List.of(new Departure(edited.stored(), null), new Departure(oldest.stored(), null)), told);
        assertNull(cache.get("a", clock.instant()));
    }

    @Test
    void aValueFoundPastItsTime_isToldWithNoSuccessor() {
        Held brief = new Held(stored(), clock.instant(), clock.instant().plusSeconds(5));
        cache.put("brief", brief);
        clock.advance(Duration.ofSeconds(5));

        assertNull(cache.get("brief", clock.instant()));
        assertEquals(List.of(new Departure(brief.stored(), null)), told);
    }

    @Test
    void anEntryCheckedOrRenewed_keepsItsValue_andTellsNothing() {
        Held page = held();
        cache.put("page", page);
        Held checked = cache.markChecked("page", page);
        cache.renew("page", checked, clock.instant().plusSeconds(7200));
        cache.holdLonger("page", page.stored(), clock.instant().plusSeconds(9000));

        assertEquals(List.of(), told);
        assertEquals(page.stored(), cache.get("page", clock.instant()).stored());
    }

    @Test
    void aTwoLevelCache_tellsEachListener_theValueAPutReplaced_andADropRemoved() {
        List<Departure> first = new ArrayList<>();
        List<Departure> second = new ArrayList<>();
        TwoLevelCache levels = TwoLevelCache.create(CacheConfig.defaults(), clock, L2.none())
                .onDeparted((value, successor) -> first.add(new Departure(value, successor)))
                .onDeparted((value, successor) -> second.add(new Departure(value, successor)));
        Stored loaded = stored();
        Stored refreshed = stored();
        levels.put("page", loaded);
        levels.put("page", refreshed);
        levels.drop("page");

        List<Departure> expected = List.of(new Departure(loaded, refreshed), new Departure(refreshed, null));
        assertEquals(expected, first);
        assertEquals(expected, second);
    }

    @Test
    void aListenerThatThrows_failsNeitherTheWriteNorTheDrop() {
        TwoLevelCache levels = TwoLevelCache.create(CacheConfig.defaults(), clock, L2.none())
                .onDeparted((value, successor) -> {
                    throw new IllegalStateException("a listener's bug");
                });
        Stored refreshed = stored();
        levels.put("page", stored());
        levels.put("page", refreshed);

        assertEquals(refreshed, levels.freshInL1("page", clock.instant()));
        levels.drop("page");
        assertNull(levels.freshInL1("page", clock.instant()));
    }

    private Held held() {
        Stored stored = stored();
        return new Held(stored, stored.expiresAt(), clock.instant().plusSeconds(3600));
    }

    // Each value its own bytes: values are equal by content, and these must tell which one left.
    private int made;

    private Stored stored() {
        byte[] payload = new byte[PAYLOAD];
        payload[0] = (byte) ++made;
        return new Stored(payload, false, PAYLOAD, 0, clock.instant(), Duration.ofSeconds(60));
    }
}
