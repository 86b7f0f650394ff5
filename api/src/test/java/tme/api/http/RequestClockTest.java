package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

class RequestClockTest {

    private final TestClock wall = new TestClock();
    private final RequestClock clock = RequestClock.over(wall);

    @Test
    void unpinned_readsTheClockEachTime() {
        assertEquals(TestClock.START, clock.instant());
        wall.advance(Duration.ofSeconds(3));
        assertEquals(TestClock.START.plusSeconds(3), clock.instant());
    }

    @Test
    void pinned_answersThePinnedInstantOnThisThreadOnly_untilUnpinned() throws Exception {
        clock.pin();
        try {
            wall.advance(Duration.ofSeconds(5));
            assertEquals(TestClock.START, clock.instant(), "the request's own readings: the instant it pinned");
            assertEquals(TestClock.START.toEpochMilli(), clock.millis());
            Instant elsewhere = CompletableFuture.supplyAsync(clock::instant).get();
            assertEquals(TestClock.START.plusSeconds(5), elsewhere, "another thread reads the clock itself");
        } finally {
            clock.unpin();
        }
        assertEquals(TestClock.START.plusSeconds(5), clock.instant(), "after the request: the clock again");
    }

    @Test
    void twoClocks_pinApart() {
        RequestClock other = RequestClock.over(wall);
        clock.pin();
        try {
            wall.advance(Duration.ofSeconds(1));
            assertEquals(TestClock.START.plusSeconds(1), other.instant());
        } finally {
            clock.unpin();
        }
    }
}
