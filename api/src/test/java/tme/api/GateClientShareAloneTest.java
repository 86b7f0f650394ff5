package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The share is work-conserving: one client alone (one person's feed reader refreshing its channels) is never refused
 * for its share, whatever it asks. A Zipf(1.1) run of 2000 requests over 200 cold channels, 32 at a time, from one
 * address, spread over two servers sharing the budget in Redis, with the share at its default (0.25 of
 * {@code TELEGRAM_RATE} 10/s): every answer is a 200, each from t.me or a hit. Before, hundreds of such
 * requests were 429 {@code client_upstream_limited} while three quarters of the budget sat unused.
 *
 * <p>Background refreshes of the popular channels (after {@code CACHE_TTL_LATEST}, 10 s) may be refused for their
 * share meanwhile: the reader waits, and background work is held to its share then; the reader's own never are.
 *
 * <p>{@code TELEGRAM_TIMEOUT} is the fleet tests' 30 s: the run waits for the fleet's tokens (200 at 10/s), and a
 * busy machine must not turn a late timer into a 503; the outcome asserted does not depend on timing.
 */
class GateClientShareAloneTest extends FleetTestBase {

    static final int REQUESTS = 2000;
    static final int CHANNELS = 200;
    static final int CONCURRENCY = 32;

    GateClientShareAloneTest() {
        super(2, Map.of("CLIENT_UPSTREAM_SHARE", "0.25", "TELEGRAM_TIMEOUT", "30s"));
        fleet.tme.anyChannelAs("durov");
    }

    @Test
    void aLoneClientsZipfBurst_isNeverRefusedForItsShare() throws InterruptedException {
        List<Integer> channels = zipf(new Random(30), REQUESTS, CHANNELS, 1.1);
        Semaphore inFlight = new Semaphore(CONCURRENCY);
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            inFlight.acquire();
            TestServer server = i % 2 == 0 ? a : b;
            answers.add(server.http().sendAsync(server.request("/v1/body/zipf" + channels.get(i)).GET().build(),
                            HttpResponse.BodyHandlers.ofString())
                    .thenApply(GateClientShareAloneTest::outcome)
                    .whenComplete((status, failure) -> inFlight.release()));
        }

        Map<String, Long> outcomes = answers.stream().map(CompletableFuture::join)
                .collect(Collectors.groupingBy(outcome -> outcome, TreeMap::new, Collectors.counting()));
        assertEquals(Map.of("200", (long) REQUESTS), outcomes);
        // Each channel asked went to t.me (later requests are hits, or refreshes of the popular ones after 10 s).
        assertEquals(List.of(), channels.stream().distinct().filter(channel -> fleet.tme.hits("/s/zipf" + channel) == 0)
                .toList());
        assertEquals(0, Fleet.metric(a, "tme_gate_budget_local_fallbacks_total")
                + Fleet.metric(b, "tme_gate_budget_local_fallbacks_total"), "the fleet's script decided");
    }

    /** The status, and the problem's code when it is not a 200. */
    private static String outcome(HttpResponse<String> answer) {
        return answer.statusCode() == 200 ? "200"
                : answer.statusCode() + " " + TestServer.json(answer).getString("code");
    }

    /** {@code count} channel numbers from 0 to {@code channels - 1}, the k-th most popular with weight 1/k^s. */
    static List<Integer> zipf(Random random, int count, int channels, double s) {
        double[] cumulative = new double[channels];
        double total = 0;
        for (int k = 0; k < channels; k++) {
            total += 1 / Math.pow(k + 1, s);
            cumulative[k] = total;
        }
        double sum = total;
        return random.doubles(count).mapToObj(u -> {
            int at = Arrays.binarySearch(cumulative, u * sum);
            return at >= 0 ? at : -at - 1;
        }).toList();
    }
}
