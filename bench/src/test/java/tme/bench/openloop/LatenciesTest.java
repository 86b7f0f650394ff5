package tme.bench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.bench.http.Response;

class LatenciesTest {

    private static final long MS = 1_000_000;
    private static final Response OK = new Response(200, 10, true);

    // 10 requests a second for 1 s of warm-up and 2 s measured: requests 10..29 are measured, 100 ms apart
    private final Schedule schedule = Schedule.of(0, 10, Duration.ofSeconds(1), Duration.ofSeconds(2));

    @Test
    void answered_countsFromTheIntendedStartNotFromTheSend() {
        Latencies latencies = new Latencies(schedule, Duration.ZERO);
        long intended = schedule.intendedStart(10);
        // sent 30 ms late (every connection was busy), answered 1 ms after it was sent
        latencies.answered(10, intended + 30 * MS, intended + 31 * MS, OK);
        String line = latencies.resultLine(0.25);
        assertTrue(line.contains(" requests=1 "), line);
        assertEquals(31.0, field(line, "max_ms"), 0.05, line); // 3 significant digits
        assertEquals(30.0, field(line, "lag_max_ms"), 0.05, line);
        assertTrue(line.endsWith(" ok=1 errors_status=0 errors_io=0 timeouts=0 generator_cores=0.25"), line);
    }

    static double field(String line, String name) {
        for (String word : line.split(" ")) {
            if (word.startsWith(name + "=")) {
                return Double.parseDouble(word.substring(name.length() + 1));
            }
        }
        throw new AssertionError("no " + name + " in " + line);
    }

    @Test
    void warmupRequests_areLeftOut() {
        Latencies latencies = new Latencies(schedule, Duration.ZERO);
        latencies.answered(9, schedule.intendedStart(9), schedule.intendedStart(9) + MS, OK);
        latencies.timedOut(3);
        latencies.failed(4);
        assertTrue(latencies.resultLine(0).contains(" requests=0 rps=0.0 "), latencies.resultLine(0));
        assertTrue(latencies.resultLine(0).contains(" errors_io=0 timeouts=0 "), latencies.resultLine(0));
    }

    @Test
    void outcomes_areCountedApart() {
        Latencies latencies = new Latencies(schedule, Duration.ZERO);
        latencies.answered(10, schedule.intendedStart(10), schedule.intendedStart(10) + MS, OK);
        latencies.answered(11, schedule.intendedStart(11), schedule.intendedStart(11) + MS, new Response(503, 0, true));
        latencies.failed(12);
        latencies.timedOut(13);
        latencies.timedOut(14);
        String line = latencies.resultLine(0);
        assertTrue(line.contains(" requests=2 rps=1.0 "), line);
        assertTrue(line.contains(" ok=1 errors_status=1 errors_io=1 timeouts=2 "), line);
    }

    @Test
    void windows_keepEachRequestByItsIntendedStart() {
        Latencies latencies = new Latencies(schedule, Duration.ofMillis(500)); // 2 s measured: 4 windows
        assertEquals(4, latencies.windowCount());
        for (long i = 10; i < 30; i++) {
            long intended = schedule.intendedStart(i);
            long took = i < 15 ? 2 * MS : 1 * MS; // the first window (requests 10-14) was slower
            latencies.answered(i, intended, intended + took, OK);
        }
        List<String> lines = latencies.windowLines();
        assertEquals(4, lines.size());
        assertTrue(lines.get(0).startsWith("INTERVAL index=0 requests=5 p50_ms=2.00 "), lines.get(0));
        assertTrue(lines.get(3).startsWith("INTERVAL index=3 requests=5 p50_ms=1.00 "), lines.get(3));
    }
}
