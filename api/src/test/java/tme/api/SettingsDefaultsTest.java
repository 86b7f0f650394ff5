package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tme.api.graphql.GraphQLConfig;
import tme.api.http.ConnectionsConfig;
import tme.api.http.RequestsConfig;
import tme.api.media.MediaConfig;
import tme.api.memory.JvmLimits;
import tme.cache.CacheConfig;
import tme.cache.Staleness;
import tme.coalescing.CoalescingConfig;
import tme.coalescing.Freshness;
import tme.coalescing.gate.ClientShare;
import tme.coalescing.gate.SlotsConfig;
import tme.coalescing.gate.ThrottleConfig;
import tme.coalescing.refresh.RefreshConfig;

/**
 * What {@code docs/operations.md} gives as a setting's default is what the server uses: every literal default in the
 * settings tables, set explicitly, makes the same {@link Config} as setting nothing (before, {@code 7d}, {@code 10d}
 * and {@code 30d} were documented and refused). A variable with one of our prefixes that no setting reads is named
 * in a warning, with the setting it was probably meant to be.
 */
class SettingsDefaultsTest {

    /** A row whose default is one literal in backquotes, maybe followed by a note in parentheses. */
    private static final Pattern LITERAL_DEFAULT = Pattern.compile(
            "(?m)^\\| `([A-Z][A-Z0-9_]+)` \\| `([^`]+)`(?: \\([^)|]*\\))? \\|");
    private static final JvmLimits JVM = new JvmLimits(128L << 20, 128L << 20, 512L << 20);

    @Test
    void everyLiteralDefaultInTheDocsIsTheDefaultTheCodeUses() throws IOException {
        Map<String, String> documented = documentedDefaults();
        assertTrue(documented.size() > 60, "literal defaults found: " + documented.keySet());
        assertEquals("7d", documented.get("EVENTS_KEEP"));
        Config explicit = Config.fromEnv(documented, JVM);
        // Compared as text: a few parts (the media host patterns) have no value equality, and every part prints its values.
        assertEquals(Config.fromEnv(Map.of(), JVM).toString(), explicit.toString());
        assertEquals(List.of(), explicit.warnings());
    }

    /**
     * The modules' records keep defaults of their own (their API, for their own users and tests): they are the
     * catalogue's, so the api and a module never disagree about what "unset" means.
     */
    @Test
    void theModulesOwnDefaultsAreTheCatalogues() {
        Config unset = Config.fromEnv(Map.of(), JVM);
        assertEquals(SlotsConfig.defaults(), unset.slots());
        assertEquals(ThrottleConfig.defaults(), unset.throttle());
        assertEquals(ClientShare.defaults(ThrottleConfig.defaults()), unset.clientShare());
        assertEquals(RefreshConfig.defaults(), unset.refresh());
        assertEquals(ConnectionsConfig.defaults(), unset.connections());
        assertEquals(RequestsConfig.defaults().toString(), unset.requests().toString());
        assertEquals(CoalescingConfig.DEFAULT_ERROR_TTL, unset.errorTtl());
        assertEquals(CoalescingConfig.DEFAULT_MAX_WAITING, unset.maxWaiting());
        assertEquals(Freshness.DEFAULT_WINDOW, unset.earlyRefreshWindow());
        assertEquals(Staleness.defaults(), unset.cache().staleness());
        CacheConfig cache = CacheConfig.defaults();
        assertEquals(List.of(cache.l1MaxTtl(), cache.redisTimeout(), cache.redisStartGrace(), cache.breakerOpenFor()),
                List.of(unset.cache().l1MaxTtl(), unset.cache().redisTimeout(), unset.cache().redisStartGrace(),
                        unset.cache().breakerOpenFor()));
        assertEquals(CacheConfig.DEFAULT_POOL_SIZE, unset.cache().redisPoolSize());
        assertEquals(List.of(MediaConfig.DEFAULT_URL_TTL, MediaConfig.DEFAULT_MAX_BYTES, MediaConfig.DEFAULT_STREAMS,
                        MediaConfig.DEFAULT_TIMEOUT),
                List.of(unset.media().urlTtl(), unset.media().maxBytes(), unset.media().streams(), unset.media().timeout()));
        GraphQLConfig graphql = GraphQLConfig.defaults();
        assertEquals(List.of(graphql.maxDepth(), graphql.maxCost(), graphql.maxTokens(), graphql.concurrency(),
                        graphql.queueLimit(), graphql.timeout(), graphql.maxFields(), graphql.maxResponseBytes()),
                List.of(unset.graphql().maxDepth(), unset.graphql().maxCost(), unset.graphql().maxTokens(),
                        unset.graphql().concurrency(), unset.graphql().queueLimit(), unset.graphql().timeout(),
                        unset.graphql().maxFields(), unset.graphql().maxResponseBytes()));
    }

    @Test
    void daysAndHoursAreDurations() {
        Config config = Config.fromEnv(Map.of("EVENTS_KEEP", "7d", "WEBSUB_LEASE_DEFAULT", "10d",
                "WEBSUB_LEASE_MAX", "30d", "REFRESH_IDLE", "2h"), JVM);
        assertEquals(Duration.ofDays(7), config.push().eventsKeep());
        assertEquals(Duration.ofDays(10), config.push().websub().leaseDefault());
        assertEquals(Duration.ofDays(30), config.push().websub().leaseMax());
        assertEquals(Duration.ofHours(2), config.refresh().idle());
    }

    @Test
    void aMisspeltSettingIsNamedWithTheOneItWasMeantToBe() {
        Config config = Config.fromEnv(Map.of("TELEGRAM_RATES", "5", "REDIS_URI", "redis://127.0.0.1:1",
                "HTTP_PROXY", "http://proxy:3128", "JAVA_OPTS", "-Xmx1g", "TELEGRAM_RATE", "5"), JVM);
        assertEquals(List.of(
                "Unknown setting REDIS_URI ignored (did you mean REDIS_URL?)",
                "Unknown setting TELEGRAM_RATES ignored (did you mean TELEGRAM_RATE?)"), config.warnings());
        assertEquals(5, EnvReader.editDistance("TELEGRAM_RATES", "TELEGRAM_RATE") + 4);
    }

    private static Map<String, String> documentedDefaults() throws IOException {
        Map<String, String> defaults = new TreeMap<>();
        Matcher row = LITERAL_DEFAULT.matcher(Files.readString(Path.of("..", "docs", "operations.md")));
        while (row.find()) {
            String value = row.group(2);
            if (!value.matches("[A-Z][A-Z0-9_]+")) { // another setting's name: "the same as X", not a literal
                defaults.put(row.group(1), value);
            }
        }
        return defaults;
    }
}
