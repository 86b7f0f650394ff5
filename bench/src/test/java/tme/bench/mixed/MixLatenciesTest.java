package tme.bench.mixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.bench.http.Response;
import tme.bench.openloop.Schedule;

class MixLatenciesTest {

    private static final long MS = 1_000_000;
    // 10 requests a second, 1 s of warm-up (requests 0..9) and 2 s measured (10..29), 100 ms apart
    private final Schedule schedule = Schedule.of(0, 10, Duration.ofSeconds(1), Duration.ofSeconds(2));
    private final MixPlan plan = MixPlan.draw(new Catalogue(10, 1, List.of()), MixPlan.weights("body=1"), 1.1, 30, 1);

    @Test
    void answered_countsFromTheIntendedStart_soAStallIsChargedToEveryRequestThatWaited() {
        MixLatencies latencies = new MixLatencies(schedule, plan);
        // the server stalls for 500 ms from request 10's slot: requests 10..14 are sent late, when it answers again
        long stallEnd = schedule.intendedStart(10) + 500 * MS;
        for (int i = 10; i < 15; i++) {
            latencies.answered(i, stallEnd, stallEnd + MS, new Response(200, 1, true, "l1"));
        }
        String all = line(latencies, "all");
        // from the intended starts: 501, 401, 301, 201, 101 ms; from the sends they would all be 1 ms
        assertEquals(501.0, field(all, "hit_max_ms"), 0.5, all);
        assertEquals(301.0, field(all, "hit_p50_ms"), 0.5, all);
        assertEquals(5, field(all, "hits"), all);
        assertEquals(500.0, field(latencies.lagLine(), "lag_max_ms"), 0.5, latencies.lagLine());
    }

    @Test
    void answered_splitsByXCache_andLeavesTheWarmUpOut() {
        MixLatencies latencies = new MixLatencies(schedule, plan);
        latencies.answered(5, schedule.intendedStart(5), schedule.intendedStart(5) + MS, new Response(200, 1, true,
                "upstream")); // warm-up: not measured
        latencies.answered(10, schedule.intendedStart(10), schedule.intendedStart(10) + 2 * MS,
                new Response(200, 1, true, "l2"));
        latencies.answered(11, schedule.intendedStart(11), schedule.intendedStart(11) + 300 * MS,
                new Response(200, 1, true, "upstream"));
        latencies.answered(12, schedule.intendedStart(12), schedule.intendedStart(12) + 900 * MS,
                new Response(200, 1, true, "lock_wait"));
        latencies.answered(13, schedule.intendedStart(13), schedule.intendedStart(13) + 4 * MS,
                new Response(503, 1, true, ""));
        latencies.timedOut(14);
        latencies.failed(15);
        String body = line(latencies, "body");
        assertTrue(body.startsWith("CLASS name=body requests=4 non2xx=1 errors_io=1 timeouts=1 hits=1 misses=2"
                + " unclassified=1 "), body);
        assertEquals(2.0, field(body, "hit_max_ms"), 0.01, body);
        assertEquals(300.0, field(body, "miss_p50_ms"), 0.5, body);
        assertEquals(900.0, field(body, "miss_max_ms"), 1, body);
        assertEquals(1, new MixLatencies(schedule, plan).lines().size()); // without answers, only "all"
        // by the X-Cache value as sent (none for the answer without one; the warm-up's left out)
        List<String> cache = latencies.cacheLines();
        assertEquals(3, cache.size(), cache.toString());
        assertTrue(cache.get(0).startsWith("CACHE value=l2 requests=1 p50_ms=2.00 "), cache.get(0));
        assertTrue(cache.get(1).startsWith("CACHE value=lock_wait requests=1 "), cache.get(1));
        assertTrue(cache.get(2).startsWith("CACHE value=upstream requests=1 "), cache.get(2));
        assertEquals(300.0, field(cache.get(2), "p50_ms"), 0.5, cache.get(2));
    }

    private static String line(MixLatencies latencies, String name) {
        return latencies.lines().stream().filter(l -> l.startsWith("CLASS name=" + name + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + name + ": " + latencies.lines()));
    }

    static double field(String line, String name) {
        for (String word : line.split(" ")) {
            if (word.startsWith(name + "=")) {
                return Double.parseDouble(word.substring(name.length() + 1));
            }
        }
        throw new AssertionError("no " + name + " in " + line);
    }
}
