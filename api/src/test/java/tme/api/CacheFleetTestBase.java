package tme.api;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import tme.scraper.testing.FakeTme;

/** A fresh {@link CacheFleet} for every test with a first server on it; all closed after the test. */
abstract class CacheFleetTestBase {

    CacheFleet fleet;
    TestServer server;
    FakeTme tme;

    @BeforeEach
    void startFleet() {
        fleet = newFleet();
        server = fleet.server(serverEnv());
        tme = fleet.tme;
    }

    @AfterEach
    void closeFleet() {
        fleet.close();
    }

    /** The first server's environment on top of the fleet's. */
    java.util.Map<String, String> serverEnv() {
        return java.util.Map.of();
    }

    /** Servers on their memory alone, unless a test class needs them to share a Redis. */
    CacheFleet newFleet() {
        return CacheFleet.withoutRedis();
    }
}
