package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;
import tme.scraper.testing.FakeTme;
import tme.scraper.testing.Surprises;

/**
 * Throttling in disguise pauses the fleet as a 429 does. Two servers on one Redis, readers of new channels every
 * 20 ms over both, t.me answering a captcha with a 200: after the first captcha t.me sees only the cooldowns'
 * probes (read from the fake's arrival times: each probe at least the doubling backoff, 2 s, 4 s, ..., after the
 * one before), readers of a cached page keep its last good bytes, {@code /readyz} shows the cooldown on both servers,
 * the pause signals are counted by source, and a page with posts starts the backoff over. An emptied page of a channel
 * that had posts pauses the same way, counted apart.
 */
class CaptchaCooldownTest extends FleetTestBase {

    /** Fleet budget 8/s: without the pause, the readers would reach t.me 8 times a second. */
    static final Map<String, String> ENV = Map.of("TELEGRAM_RATE", "8", "TELEGRAM_BURST", "8",
            "CACHE_TTL_LATEST", "1s");
    /** The disguise backoff's first pause (the gate's {@code Backoff.DISGUISE_FIRST}); each next one doubles it. */
    static final Duration FIRST = Duration.ofSeconds(2);
    /** Requests reaching t.me this close after a probe belong to it (sent before its captcha was read). */
    static final Duration PROBE_SPREAD = Duration.ofSeconds(1);
    /** A probe is at most one request per server and a second each in flight when the captcha came back. */
    static final int MOST_PER_PROBE = 4;
    /** The fake's nanoTime and the end of a cooldown read on the servers' clocks: a little slack. */
    static final long SLACK = Duration.ofMillis(2).toNanos();
    static final Set<String> LAST_GOOD = Set.of("L1", "L2", "STALE");

    final FakeTme tme = fleet.tme;
    final AtomicInteger names = new AtomicInteger();

    CaptchaCooldownTest() {
        super(2, ENV);
    }

    @Test
    void captchaPages_theFleetSendsOnlyTheCooldownsProbes_readersKeepTheStaleCopy_aGoodPageEndsIt() {
        tme.anyChannelAs("durov");
        Reply good = client.get(a, "/v1/body/cached").join();
        assertEquals(200, good.status());
        tme.respondEverywhere(200, Surprises.captchaPage(), Map.of()).resetHits();

        Reply first = client.get(a, "/v1/body/first").join();
        assertEquals(502, first.status());
        assertEquals("upstream_anomaly", first.code());
        assertEquals("cooling_down", readyz(a).getString("upstream"),
                "the captcha paused the fleet before it answered");

        List<Reply> cached = new ArrayList<>();
        List<Long> arrivals;
        List<List<Long>> probes;
        try (Trickle readers = new Trickle(client, fleet.servers(), "uncached", 20)) {
            FleetAwait.until("t.me saw the first captcha and three probes after it",
                    () -> probes(tme.arrivals()).size() >= 4, () -> tme.arrivals().size() + " arrivals");
            arrivals = tme.arrivals();
            probes = probes(arrivals);
            for (int k = 0; k + 1 < probes.size(); k++) {
                long gap = probes.get(k + 1).getFirst() - probes.get(k).getFirst();
                long backoff = FIRST.multipliedBy(1L << k).toNanos();
                assertTrue(gap >= backoff - SLACK, "probe " + (k + 1) + " came " + gap / 1_000_000 + " ms after the"
                        + " one before, within its cooldown of " + backoff / 1_000_000 + " ms; " + shape(probes));
            }
            assertTrue(probes.stream().allMatch(probe -> probe.size() <= MOST_PER_PROBE), "probes " + shape(probes));
            for (TestServer server : fleet.servers()) {
                FleetAwait.until("/readyz shows the cooldown", () -> "cooling_down".equals(
                        readyz(server).getString("upstream")), () -> readyz(server).encode());
                cached.add(client.get(server, "/v1/body/cached").join());
            }
            assertTrue(readers.replies().stream().noneMatch(reply -> reply.status() == 200), "t.me served no page");
        }

        for (Reply reader : cached) {
            assertEquals(200, reader.status());
            assertEquals(good.bodySha(), reader.bodySha(), "the last good bytes");
            assertTrue(LAST_GOOD.contains(reader.xCache()), "X-Cache " + reader.xCache());
        }
        FleetAwait.until("every captcha t.me sent was read and counted", () -> arrivals.size()
                <= Fleet.sum("tme_gate_pause_signals_total{source=\"captcha\"}", fleet.servers()), () -> "");
        assertTrue(Fleet.sum("tme_gate_cooldowns_total{origin=\"here\"}", fleet.servers()) >= probes.size());
        System.out.printf("captcha: %d requests reached t.me in %d ms, in %d probes %s%n", arrivals.size(),
                (arrivals.getLast() - arrivals.getFirst()) / 1_000_000, probes.size(), shape(probes));

        // t.me serves pages again: a page with posts (read by server a) starts a's backoff over, from 2 s.
        tme.reset().anyChannelAs("durov");
        FleetAwait.until("server a reads a page again", () -> fromA().status() == 200, () -> readyz(a).encode());
        tme.respondEverywhere(200, Surprises.captchaPage(), Map.of());
        FleetAwait.until("server a reads a captcha again", () -> "upstream_anomaly".equals(fromA().code()),
                () -> readyz(a).encode());
        long left = readyz(a).getLong("cooldown_seconds", 0L);
        assertTrue(left >= 1 && left <= 3, "2 s and at most 0.5 s of jitter, rounded up, not "
                + FIRST.multipliedBy(1L << probes.size()).toSeconds() + " s: " + left);
    }

    @Test
    void emptiedPage_ofAChannelThatHadPosts_pausesTheFleet_countedAsEmpty() {
        tme.anyChannelAs("durov");
        Reply good = client.get(a, "/v1/body/cached").join();
        assertEquals(200, good.status());
        tme.respond("/s/cached", 200, Surprises.historyRemoved("durov"), Map.of()).resetHits();

        FleetAwait.until("a reader's stale read refreshed the page from t.me", () -> {
            Reply stale = client.get(b, "/v1/body/cached").join();
            assertEquals(good.bodySha(), stale.bodySha(), "the last good bytes");
            return tme.hits("/s/cached") >= 1;
        }, () -> "");
        FleetAwait.until("the emptied page was counted", () -> Fleet.sum(
                "tme_gate_pause_signals_total{source=\"empty\"}", fleet.servers()) == 1, () -> "");
        assertEquals(1L, Fleet.sum("tme_gate_cooldowns_total{origin=\"here\"}", fleet.servers()));
        assertEquals(0L, Fleet.sum("tme_gate_pause_signals_total{source=\"captcha\"}", fleet.servers()));
    }

    /** A fresh channel from server a: one request at most, if the gate lets it go. */
    private Reply fromA() {
        return client.get(a, "/v1/body/fresh" + names.getAndIncrement()).join();
    }

    private static JsonObject readyz(TestServer server) {
        return new JsonObject(server.get("/readyz").body());
    }

    /** The arrivals in groups: each opens with a request later than {@link #PROBE_SPREAD} after the last group's. */
    static List<List<Long>> probes(List<Long> arrivals) {
        List<List<Long>> probes = new ArrayList<>();
        for (long arrival : arrivals) {
            if (probes.isEmpty() || arrival - probes.getLast().getFirst() > PROBE_SPREAD.toNanos()) {
                probes.add(new ArrayList<>());
            }
            probes.getLast().add(arrival);
        }
        return probes;
    }

    /** Each group's start after the first arrival and its size, e.g. {@code [0ms x1, 2004ms x2]}. */
    private static String shape(List<List<Long>> probes) {
        long origin = probes.getFirst().getFirst();
        return probes.stream().map(p -> (p.getFirst() - origin) / 1_000_000 + "ms x" + p.size()).toList().toString();
    }
}
