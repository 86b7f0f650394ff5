package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * One client's share is the fleet's, counted in Redis in the budget's own round trip: a client that spent its burst
 * on server a is refused on server b too, with no t.me request, while another client still loads through b; the
 * fleet's budget and the client's bucket are one script's keys ({@code {tme:gate}:client:<client>}). The share is
 * 0.1/s (a quarter of 0.4/s), so no token comes back while the test runs on Redis's real clock. Shares bind while
 * another client waits for t.me: the reader asks first, and the window (an hour of Redis's clock) keeps it waiting
 * for the whole test.
 */
class GateClientShareFleetTest extends FleetTestBase {

    static final String SPRAYER = "203.0.113.9";
    static final String READER = "198.51.100.7";

    GateClientShareFleetTest() {
        super(2, Map.of("TELEGRAM_RATE", "0.4", "TELEGRAM_BURST", "20", "CLIENT_UPSTREAM_BURST", "3",
                "CLIENT_UPSTREAM_SHARE", "0.25", "CLIENT_UPSTREAM_WAITING_WINDOW", "1h",
                "TRUSTED_PROXIES", "127.0.0.1/32", "TELEGRAM_TIMEOUT", "5s"));
        fleet.tme.anyChannelAs("durov");
    }

    @Test
    void twoServers_shareOneClientsShare() {
        assertEquals(List.of(200), statuses(b, READER, "w", 1), "the reader waits: shares bind fleet-wide");
        List<Integer> onA = statuses(a, SPRAYER, "a", 3);
        List<Integer> onB = statuses(b, SPRAYER, "b", 3);
        List<Integer> readerOnB = statuses(b, READER, "r", 2);

        assertEquals(List.of(200, 200, 200), onA);
        assertEquals(List.of(429, 429, 429), onB, "its burst of 3 was spent on a");
        assertEquals(List.of(200, 200), readerOnB);
        assertEquals(6, fleet.tme.totalHits());
        assertEquals(3, Fleet.metric(b, "tme_gate_refused_total{reason=\"client_share\"}"));
        assertEquals(0, Fleet.metric(b, "tme_gate_budget_local_fallbacks_total"));
    }

    private static List<Integer> statuses(TestServer server, String client, String prefix, int count) {
        List<CompletableFuture<HttpResponse<String>>> sent = IntStream.range(0, count)
                .mapToObj(i -> server.http().sendAsync(server.request("/v1/body/" + prefix + "chan" + i,
                        "CF-Connecting-IP", client).GET().build(), HttpResponse.BodyHandlers.ofString())).toList();
        return sent.stream().map(CompletableFuture::join).map(answer -> {
            if (answer.statusCode() == 429) {
                assertEquals("client_upstream_limited", new JsonObject(answer.body()).getString("code"));
            }
            return answer.statusCode();
        }).toList();
    }
}
