package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** At most {@code limit} commands hold connections; the rest start in arrival order as permits come back. */
class ConnectPermitsTest {

    final List<String> started = new ArrayList<>();

    @Test
    void pastTheLimit_waitersStartInOrder_asPermitsAreReleased() {
        ConnectPermits permits = ConnectPermits.of(2);
        for (String name : List.of("a", "b", "c", "d")) {
            permits.acquire(start(name));
        }
        assertEquals(List.of("a", "b"), started);

        permits.release();
        assertEquals(List.of("a", "b", "c"), started);
        permits.release();
        permits.release(); // nobody waits: one permit held
        assertEquals(List.of("a", "b", "c", "d"), started);

        permits.release(); // none held: two more start at once, the third waits
        permits.acquire(start("e"));
        permits.acquire(start("f"));
        permits.acquire(start("g"));
        assertEquals(List.of("a", "b", "c", "d", "e", "f"), started);
    }

    @Test
    void aWaiterWhoseDeadlinePassed_passesThePermitOn() {
        ConnectPermits permits = ConnectPermits.of(1);
        permits.acquire(start("a"));
        permits.acquire(() -> false); // timed out while it waited
        permits.acquire(start("c"));

        permits.release();

        assertEquals(List.of("a", "c"), started);
        permits.release(); // c's
        permits.acquire(start("d"));
        assertEquals(List.of("a", "c", "d"), started, "the declined permit was not lost");
    }

    @Test
    void unlimited_startsEveryone_atOnce() {
        ConnectPermits permits = ConnectPermits.unlimited();
        for (int i = 0; i < 1_000; i++) {
            permits.acquire(start("x"));
        }
        assertEquals(1_000, started.size());
    }

    private ConnectPermits.Waiter start(String name) {
        return () -> started.add(name);
    }
}
