package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.DateFormatter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;
import tme.scraper.testing.FakeTme;

/**
 * A 429 is a schedule for the whole fleet: two servers on one Redis, t.me throttling. After the first 429 no
 * request reaches t.me until its wait has passed, every client meanwhile gets a fast 503 with a Retry-After no
 * longer than t.me's, and afterwards the servers resume at a fraction of the rate (read from the fake's
 * request times). Once for each way t.me can say how long: seconds, an HTTP date, a JSON body, nothing.
 */
class GateCooldownTest extends FleetTestBase {

    static final int CHANNELS = 50;
    static final int REQUESTS = 200;
    /** Fleet budget: 8/s, burst 8. The ramp starts each server at a quarter: 2/s. */
    static final Map<String, String> ENV = Map.of("TELEGRAM_RATE", "8", "TELEGRAM_BURST", "8");

    /** A nanoTime from a wall-clock date: the two clocks' reading a few microseconds apart, and millis truncated. */
    static final long CLOCKS_APART = Duration.ofMillis(2).toNanos();

    final FakeTme tme = fleet.tme;

    GateCooldownTest() {
        super(2, ENV);
    }

    @Test
    void retryAfterSeconds_pausesTheFleetForThatLong() {
        pausesTheFleet(fake -> fake.throttle(Duration.ofSeconds(3)), after(Duration.ofSeconds(3)), 3);
    }

    @Test
    void retryAfterHttpDate_pausesTheFleetUntilThatTime() {
        // An HTTP date has whole seconds: 4s ahead is 3..4s from now, and the pause ends at that date however late
        // the first request reached t.me (a busy machine): judged against the date itself, on the fake's clock.
        long nanoNow = System.nanoTime();
        long millisNow = System.currentTimeMillis();
        String date = DateFormatter.format(new Date(millisNow + 4_000));
        long dateNanos = nanoNow + Duration.ofMillis(DateFormatter.parseHttpDate(date).getTime() - millisNow).toNanos();
        pausesTheFleet(fake -> fake.throttleWithHeader(date), firstThrottled -> dateNanos - CLOCKS_APART, 4);
    }

    @Test
    void jsonRetryAfter_pausesTheFleetForThatLong() {
        pausesTheFleet(fake -> fake.throttleWithJson(3), after(Duration.ofSeconds(3)), 3);
    }

    @Test
    void noHint_pausesTheFleetForAtLeastTheBackoffFloor() {
        // No hint: a first backoff with full jitter between 1s and 2s.
        pausesTheFleet(FakeTme::throttleWithoutHint, after(Duration.ofSeconds(1)), 2);
    }

    /** The pause ends no sooner than {@code quiet} after t.me sent the first 429 (the server reads it later). */
    private static LongUnaryOperator after(Duration quiet) {
        return firstThrottled -> firstThrottled + quiet.toNanos();
    }

    /**
     * Checks the pause and the resumption; {@code quietUntil} gives, from the {@link System#nanoTime()} t.me sent the
     * first 429 at, the earliest the pause may end.
     */
    private void pausesTheFleet(Consumer<FakeTme> throttling, LongUnaryOperator quietUntil, long maxRetryAfter) {
        tme.anyChannelAs("durov");
        throttling.accept(tme);

        Reply first = client.get(fleet.server(0), "/v1/body/first").join();
        assertEquals(503, first.status());
        assertEquals("upstream_throttled", first.code());
        assertTrue(first.retryAfter() >= 1 && first.retryAfter() <= maxRetryAfter, "Retry-After " + first.retryAfter());
        long firstThrottled = tme.arrivals().getFirst();
        long quietEnd = quietUntil.applyAsLong(firstThrottled);

        List<Reply> paused = burstOverBothServers();
        long burstEnded = System.nanoTime();
        assertEquals(Map.of(503, (long) REQUESTS), FleetClient.tally(paused, Reply::status));
        // Answers complete before the pause's earliest end came within it: fast 503s with t.me's wait at most. On a
        // busy machine the burst can outlast a short pause (no hint: 1-2 s); the later ones may then reach t.me,
        // which still throttles (a new, longer pause).
        List<Reply> withinPause = paused.stream().filter(reply -> reply.nanoTime() < quietEnd).toList();
        assertEquals(Map.of("upstream_cooldown", (long) withinPause.size()), FleetClient.tally(withinPause, Reply::code));
        assertTrue(withinPause.stream().allMatch(r -> r.retryAfter() >= 1 && r.retryAfter() <= maxRetryAfter),
                "Retry-After values " + FleetClient.tally(withinPause, Reply::retryAfter));
        assertTrue(paused.stream().allMatch(r -> Set.of("upstream_cooldown", "upstream_throttled").contains(r.code())),
                "codes " + FleetClient.tally(paused, Reply::code));
        System.out.printf("cooldown: %d of %d burst answers within the pause%n", withinPause.size(), REQUESTS);
        assertTrue(tme.arrivals().stream().skip(1).allMatch(t -> t >= quietEnd),
                "nothing reached t.me during the pause: " + tme.arrivals().size() + " requests, the burst took "
                        + (burstEnded - firstThrottled) / 1_000_000 + " ms");

        tme.reset().anyChannelAs("durov"); // t.me answers again
        List<Long> resumed;
        try (Trickle trickle = new Trickle(client, fleet.servers(), "later", 20)) {
            FleetAwait.until("t.me sees requests again for 1.5 s", () -> {
                List<Long> arrivals = tme.arrivals();
                return !arrivals.isEmpty() && System.nanoTime() - arrivals.getFirst() > 1_500_000_000L;
            }, () -> tme.arrivals().size() + " arrivals");
            resumed = tme.arrivals();
            assertTrue(trickle.replies().stream().anyMatch(reply -> reply.status() == 200), "readers are served again");
        }
        long firstAfter = resumed.getFirst();
        assertTrue(firstAfter >= quietEnd,
                "t.me was asked again " + (firstAfter - firstThrottled) / 1_000_000 + " ms after the first 429");
        long secondEnds = firstAfter + Duration.ofSeconds(1).toNanos();
        long inFirstSecond = resumed.stream().filter(t -> t < secondEnds).count();
        // Each server resumes at a quarter of 8/s: 2 a second, no burst, its slots no sooner than the pause's end. By
        // any time, each has had at most one slot plus 2 a second since then (one more for a slot's rounding), however
        // late the first request came on a busy machine; at full rate the two would take the fleet's 8 + 8 at once.
        long most = 2 * (2 + 2 * (secondEnds - quietEnd) / Duration.ofSeconds(1).toNanos());
        assertTrue(inFirstSecond >= 1 && inFirstSecond <= most, "requests in the first second after the pause: "
                + inFirstSecond + ", at most " + most);
        System.out.printf("cooldown: quiet for %d ms after the first 429, then %d requests in the first second%n",
                (firstAfter - firstThrottled) / 1_000_000, inFirstSecond);
    }

    private List<Reply> burstOverBothServers() {
        List<CompletableFuture<Reply>> replies = new ArrayList<>(REQUESTS);
        for (int i = 0; i < REQUESTS; i++) {
            replies.add(client.get(fleet.server(i % 2), "/v1/body/uncached" + (i % CHANNELS)));
        }
        return FleetClient.all(replies);
    }
}
