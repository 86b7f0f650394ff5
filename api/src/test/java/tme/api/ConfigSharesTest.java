package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.api.graphql.GraphQLConfig;
import tme.coalescing.gate.ClientShare;

/** The settings of issue 15: GraphQL's threads and price, one client's share of the fleet's t.me budget. */
class ConfigSharesTest {

    @Test
    void defaults_halfTheCores_aQuarterOfTheRate_theFleetsBurst() {
        Config config = Config.fromEnv(Map.of());

        assertEquals(new ClientShare(0.25, 20, Duration.ofSeconds(2)), config.clientShare());
        assertEquals(new GraphQLConfig(8, 100, 2_000, true, config.graphql().decodedMb(), Math.max(1, Runtime.getRuntime().availableProcessors() / 2),
                64, Duration.ofSeconds(5), 250_000, 8L * 1024 * 1024), config.graphql());
    }

    @Test
    void theClientsBurst_followsTheFleets_unlessSet() {
        assertEquals(new ClientShare(0.5, 7), Config.fromEnv(Map.of("CLIENT_UPSTREAM_SHARE", "0.5",
                "TELEGRAM_BURST", "7")).clientShare());
        assertEquals(new ClientShare(0.25, 3), Config.fromEnv(Map.of("CLIENT_UPSTREAM_BURST", "3")).clientShare());
    }

    @Test
    void theWaitingWindow_isRead_andMustBePositive() {
        assertEquals(new ClientShare(0.25, 20, Duration.ofSeconds(10)),
                Config.fromEnv(Map.of("CLIENT_UPSTREAM_WAITING_WINDOW", "10s")).clientShare());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> Config.fromEnv(Map.of("CLIENT_UPSTREAM_WAITING_WINDOW", "0s")));
        assertTrue(zero.getMessage().contains("CLIENT_UPSTREAM_WAITING_WINDOW"), zero.getMessage());
    }

    @Test
    void graphqlSettings_areRead() {
        GraphQLConfig graphql = Config.fromEnv(Map.of("GRAPHQL_CONCURRENCY", "3", "GRAPHQL_QUEUE_LIMIT", "9",
                "GRAPHQL_TIMEOUT", "750ms", "GRAPHQL_MAX_FIELDS", "1000", "GRAPHQL_MAX_RESPONSE_BYTES", "4096")).graphql();

        assertEquals(new GraphQLConfig(8, 100, 2_000, true, graphql.decodedMb(), 3, 9, Duration.ofMillis(750), 1000, 4096), graphql);
    }

    @Test
    void badValues_areNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "CLIENT_UPSTREAM_SHARE", "0", "GRAPHQL_CONCURRENCY", "0", "GRAPHQL_TIMEOUT", "0s")));

        assertEquals("Invalid configuration: GRAPHQL_CONCURRENCY must be an integer in 1..256: 0; GRAPHQL_TIMEOUT must"
                + " be positive: PT0S; CLIENT_UPSTREAM_SHARE must be a number from 0.001 to 1.0: 0", e.getMessage());
    }
}
