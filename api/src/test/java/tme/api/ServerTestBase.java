package tme.api;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/**
 * One production server in front of its own fake t.me, no Redis, and a client to burst it; made for every test and
 * closed after it.
 */
abstract class ServerTestBase {

    final TestServer server;
    final FleetClient client = new FleetClient();

    /**
     * A server whose loads may be held at the fake until a whole burst is in, which on two busy cores can outlast
     * the tests' usual 2 s upstream timeout ({@link FleetTestBase#HELD_LOADS_ENV}).
     */
    ServerTestBase() {
        this(FleetTestBase.HELD_LOADS_ENV);
    }

    /** A server with {@code env} on top of the test defaults. */
    ServerTestBase(Map<String, String> env) {
        server = new TestServer(env);
    }

    /** {@code env} on top of {@link FleetTestBase#HELD_LOADS_ENV}: for a server whose loads are held too. */
    static Map<String, String> withHeldLoads(Map<String, String> env) {
        Map<String, String> all = new HashMap<>(FleetTestBase.HELD_LOADS_ENV);
        all.putAll(env);
        return Map.copyOf(all);
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    /** Until the server's {@code GET /metrics} reads {@code value} for {@code series}. */
    void awaitMetric(String series, long value) {
        FleetAwait.until(series + " = " + value, () -> Fleet.metric(server, series) == value,
                () -> Fleet.metrics(server).toString());
    }
}
