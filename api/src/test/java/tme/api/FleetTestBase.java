package tme.api;

import java.time.InstantSource;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/**
 * A {@link Fleet} of production servers on the system clock and a client to burst them, made for every test and
 * closed after it. Its first two servers are {@link #a} and {@link #b}.
 */
abstract class FleetTestBase {

    /** Loads are held at the fake while bursts arrive: no held load may time out meanwhile. */
    static final Map<String, String> HELD_LOADS_ENV = Map.of("TELEGRAM_TIMEOUT", "30s");

    final Fleet fleet;
    final TestServer a;
    final TestServer b;
    final FleetClient client;

    FleetTestBase(int servers) {
        this(servers, HELD_LOADS_ENV);
    }

    /** {@code servers} servers with {@code env} on top of the test defaults. */
    FleetTestBase(int servers, Map<String, String> env) {
        fleet = new Fleet(servers, env, InstantSource.system());
        a = fleet.server(0);
        b = fleet.server(1);
        client = new FleetClient();
    }

    @AfterEach
    void stop() {
        client.close();
        fleet.close();
    }
}
