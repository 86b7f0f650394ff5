package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.InstantSource;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * A takeover answers everyone, on a fleet: server {@code holder} (a process of its own) takes the lease of
 * {@code durov}'s page and asks t.me, which never answers it; the holder is then paused (SIGSTOP, as a long GC or a
 * frozen VM) past its lease's 3 s, so server {@code b} takes the lease over, loads the page and stores it. Once the
 * holder runs again, its own reader gets that stored page (200, the same bytes as {@code b}'s reader), not the 504
 * {@code upstream_timeout} its own load ends in ({@code TELEGRAM_TIMEOUT=5s} on the holder).
 *
 * <p>On the code before "a takeover answers everyone" (28c46c4) the holder's reader got 504 {@code upstream_timeout}.
 * No sleeps: each step waits on what the fake t.me or the servers counted, with a deadline.
 */
class TakeoverFleetTest {

    private final Fleet fleet = new Fleet(1, Map.of(), InstantSource.system());
    private final TestServer b = fleet.server(0);
    private final FleetClient client = new FleetClient();

    @AfterEach
    void stop() {
        client.close();
        fleet.close();
    }

    @Test
    void holderPausedPastItsLeaseWhileAnotherServerStoredThePage_itsReaderGetsThatPage() {
        FleetProcess holder = fleet.process(Map.of("TELEGRAM_TIMEOUT", "5s"));
        fleet.tme.hang("/s/durov");
        CompletableFuture<Reply> holdersReader = client.get(holder.port, "/v1/body/durov");
        FleetAwait.until("the holder took the lease and asked t.me", () -> fleet.tme.hits("/s/durov") == 1,
                () -> holder.metrics().toString());

        holder.pause();
        try {
            fleet.tme.reset(); // t.me answers again; the holder's request stays unanswered for good
            Reply bs = client.get(b, "/v1/body/durov").join();
            assertEquals(200, bs.status());
            assertEquals("upstream", bs.xCache(), "b loaded it itself, after taking the lease over");
            assertEquals(1L, Fleet.metric(b, "tme_coalescing_lease_takeovers_total"));
            assertEquals("1", fleet.redis.command("EXISTS", "tme:v1:full:body:durov:0"), "stored for the fleet");

            holder.resume();
            Reply holders = holdersReader.join();
            assertEquals(200, holders.status(), () -> "not " + holders.code());
            assertEquals(bs.bodySha(), holders.bodySha(), "the page the other server stored");
            assertEquals(1L, holder.metrics().count("tme_coalescing_takeover_answers_total"));
            assertEquals(1, fleet.tme.hits("/s/durov"), "since the reset: b's load alone; the holder's did not retry");
        } finally {
            holder.resume(); // a paused process would outlive the test
        }
    }
}
