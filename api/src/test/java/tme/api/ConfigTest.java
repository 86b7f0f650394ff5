package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.api.graphql.GraphQLConfig;
import tme.api.memory.JvmLimits;
import tme.api.http.RequestsConfig;
import tme.scraper.parse.ParserMode;

class ConfigTest {

    @Test
    void defaults_whenNothingIsSet() {
        Config config = Config.fromEnv(Map.of());
        assertEquals(8080, config.port());
        assertEquals(URI.create("https://t.me"), config.telegramBaseUrl());
        assertEquals(Duration.ofSeconds(5), config.telegramTimeout());
        assertEquals(ParserMode.FULL, config.parserMode());
    }

    @Test
    void readsEveryForm() {
        Config config = Config.fromEnv(Map.of(
                "PORT", "9000", "TELEGRAM_BASE_URL", "http://127.0.0.1:1234/",
                "TELEGRAM_TIMEOUT", "750ms", "PARSER_MODE", "Simplified"));
        assertEquals(9000, config.port());
        assertEquals(URI.create("http://127.0.0.1:1234"), config.telegramBaseUrl());
        assertEquals(Duration.ofMillis(750), config.telegramTimeout());
        assertEquals(ParserMode.SIMPLIFIED, config.parserMode());
        assertEquals(Duration.ofSeconds(5), Config.fromEnv(Map.of("TELEGRAM_TIMEOUT", "PT5S")).telegramTimeout());
    }

    @Test
    void badValues_areAllNamedInOneError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "TELEGRAM_TIMEOUT", "PT0S", "PORT", "http", "PARSER_MODE", "fast", "TELEGRAM_BASE_URL", "ftp://x")));
        assertEquals("Invalid configuration: PORT must be an integer in 0..65535: http; "
                + "TELEGRAM_BASE_URL must be an http(s) URL: ftp://x; "
                + "TELEGRAM_TIMEOUT must be positive: PT0S; "
                + "PARSER_MODE must be one of [full, simplified]: fast", e.getMessage());
    }

    @Test
    void durationsTooLongOrOverflowing_areNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "CACHE_TTL_PREVIEW", "720h", "TELEGRAM_TIMEOUT", "99999999999999999999s",
                "CACHE_TTL_PAGE", "3000000000000000h")));
        assertEquals("Invalid configuration: "
                + "TELEGRAM_TIMEOUT must be a duration like 500ms, 5s, 2m, 1h, 7d or PT5S: 99999999999999999999s; "
                + "CACHE_TTL_PAGE must be a duration like 500ms, 5s, 2m, 1h, 7d or PT5S: 3000000000000000h; "
                + "CACHE_TTL_PREVIEW must be at most PT168H: PT720H", e.getMessage());
    }

    @Test
    void redis_oneServerOrACluster() {
        assertFalse(Config.fromEnv(Map.of("REDIS_URL", "redis://10.0.0.1:6379")).cache().redis()
                .orElseThrow().clustered());
        assertTrue(Config.fromEnv(Map.of("REDIS_URL", "redis://10.0.0.1:7000,redis://10.0.0.2:7000"))
                .cache().redis().orElseThrow().clustered());
        assertTrue(Config.fromEnv(Map.of("REDIS_URL", "redis://10.0.0.1:7000", "REDIS_CLUSTER", "true"))
                .cache().redis().orElseThrow().clustered());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "REDIS_URL", "redis://10.0.0.1:7000/2", "REDIS_CLUSTER", "yes")));
        assertEquals("Invalid configuration: REDIS_CLUSTER must be true or false: yes", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "REDIS_URL", "redis://10.0.0.1:7000/2", "REDIS_CLUSTER", "true")));
        assertEquals("Invalid configuration: REDIS_URL: a Redis Cluster has database 0 only: redis://10.0.0.1:7000/2",
                e.getMessage());
    }

    @Test
    void pushedChanges_onUnlessTurnedOff() {
        assertTrue(Config.fromEnv(Map.of("REDIS_URL", "redis://10.0.0.1:6379")).pushChanges());
        assertFalse(Config.fromEnv(Map.of("REDIS_URL", "redis://10.0.0.1:6379", "MEMORY_CACHE_PUSH", "false"))
                .pushChanges());
    }

    @Test
    void disableDocs_asThePriorArtReadIt() {
        assertEquals(true, Config.fromEnv(Map.of()).docs());
        assertEquals(false, Config.fromEnv(Map.of("DISABLE_DOCS", "1")).docs());
        assertEquals(false, Config.fromEnv(Map.of("DISABLE_DOCS", "true")).docs());
        assertEquals(true, Config.fromEnv(Map.of("DISABLE_DOCS", "0")).docs());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.fromEnv(Map.of("DISABLE_DOCS", "yes")));
        assertEquals("Invalid configuration: DISABLE_DOCS must be true or false: yes", e.getMessage());
    }

    /** A JVM started with -XX:MaxRAM=512m: 128 MiB of heap, as much direct memory. */
    private static final JvmLimits JVM_512 = new JvmLimits(128L << 20, 128L << 20, 512L << 20);

    @Test
    void memoryPools_sizedFromTheJvmsLimits_unlessSet() {
        Config planned = Config.fromEnv(Map.of(), JVM_512);
        assertEquals(51L << 20, planned.cache().memoryMaxBytes());
        assertEquals(21, planned.rawCopiesMaxMb());
        assertEquals(19, planned.graphql().decodedMb());
        Config set = Config.fromEnv(Map.of("MEMORY_CACHE_MAX_MB", "40", "MEMORY_CACHE_RAW_MB", "8",
                "MEMORY_CACHE_DECODED_MB", "0"), JVM_512);
        assertEquals(40L << 20, set.cache().memoryMaxBytes());
        assertEquals(8, set.rawCopiesMaxMb());
        assertEquals(0, set.graphql().decodedMb());
    }

    @Test
    void memorySettingsThatCannotFit_refuseToStart() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.fromEnv(Map.of("MEMORY_CACHE_MAX_MB", "256"), JVM_512));
        assertEquals("Invalid configuration: MEMORY_CACHE_MAX_MB=256 needs 256 MiB of heap, more than the 70 MiB its"
                + " pools may take: 55% of this JVM's max heap of 128 MiB (-Xmx, or -XX:MaxRAMPercentage of the"
                + " container's memory). Lower them, unset them to size them from the JVM's limits, or give the JVM"
                + " more memory", e.getMessage());
    }

    @Test
    void graphql_defaultsAndSettings() {
        assertEquals(new GraphQLConfig(8, 100, 2_000, true, 19), Config.fromEnv(Map.of(), JVM_512).graphql());
        assertEquals(new GraphQLConfig(5, 30, 500, false, 0), Config.fromEnv(Map.of("GRAPHQL_MAX_DEPTH", "5",
                "GRAPHQL_MAX_COST", "30", "GRAPHQL_MAX_TOKENS", "500", "GRAPHIQL", "false",
                "MEMORY_CACHE_DECODED_MB", "0")).graphql());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "GRAPHQL_MAX_DEPTH", "0", "GRAPHQL_MAX_COST", "many", "GRAPHIQL", "maybe")));
        assertEquals("Invalid configuration: GRAPHQL_MAX_DEPTH must be an integer in 1..100: 0; "
                + "GRAPHQL_MAX_COST must be an integer in 1..10000: many; "
                + "GRAPHIQL must be true or false: maybe", e.getMessage());
    }

    @Test
    void shutdownDrain_zeroByDefault_aDurationOtherwise() {
        assertEquals(Duration.ZERO, Config.fromEnv(Map.of()).shutdownDrain());
        assertEquals(Duration.ofSeconds(5), Config.fromEnv(Map.of("SHUTDOWN_DRAIN", "5s")).shutdownDrain());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.fromEnv(Map.of("SHUTDOWN_DRAIN", "-1s")));
        assertEquals("Invalid configuration: SHUTDOWN_DRAIN must be a duration like 500ms, 5s, 2m, 1h, 7d or PT5S: -1s",
                e.getMessage());
    }

    @Test
    void roleRefreshAndFeed_defaultsAndSettings() {
        Config defaults = Config.fromEnv(Map.of());
        assertEquals(Role.API, defaults.role());
        assertEquals(tme.coalescing.refresh.RefreshConfig.defaults(), defaults.refresh());
        assertEquals(tme.coalescing.Tolerance.of(java.time.Duration.ofSeconds(60), java.time.Duration.ofMinutes(15)),
                defaults.feedPages());

        Config set = Config.fromEnv(Map.ofEntries(Map.entry("ROLE", "refresher"),
                Map.entry("REDIS_URL", "redis://10.0.0.1:6379"), Map.entry("REFRESH_INTERVAL", "30s"),
                Map.entry("REFRESH_IDLE", "2h"), Map.entry("REFRESH_CLAIM_FOR", "10s"),
                Map.entry("REFRESH_BACKOFF_MAX", "10m"), Map.entry("REFRESH_BATCH", "32"),
                Map.entry("REFRESH_CONCURRENCY", "16"), Map.entry("REFRESH_TICK", "250ms"),
                Map.entry("REFRESH_STOP_GRACE", "0s"), Map.entry("FEED_FRESH_TTL", "2m"),
                Map.entry("FEED_STALE_TTL", "30m")));
        assertEquals(Role.REFRESHER, set.role());
        assertEquals(new tme.coalescing.refresh.RefreshConfig(java.time.Duration.ofSeconds(30),
                java.time.Duration.ofHours(2), java.time.Duration.ofSeconds(10), java.time.Duration.ofMinutes(10), 32,
                16, java.time.Duration.ofMillis(250), java.time.Duration.ZERO, java.time.Duration.ofMinutes(10),
                "tme:v1:{refresh}"), set.refresh());
        assertEquals(tme.coalescing.Tolerance.of(java.time.Duration.ofMinutes(2), java.time.Duration.ofMinutes(30)),
                set.feedPages());
    }

    @Test
    void refresherWithoutRedis_andFeedWindowsThatCannotHold_areRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "ROLE", "refresher")));
        assertEquals("Invalid configuration: ROLE=refresher needs REDIS_URL: the refresh schedule, the leases and the "
                + "fleet's budget a refresher works with live in Redis", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "ROLE", "worker", "REFRESH_IDLE", "30s", "REFRESH_BATCH", "0")));
        assertEquals("Invalid configuration: ROLE must be one of [api, refresher]: worker; "
                + "REFRESH_BATCH must be an integer in 1..1000: 0; "
                + "REFRESH_IDLE PT30S is shorter than REFRESH_INTERVAL PT1M", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of("ROLE", "refresher",
                "REDIS_URL", "redis://10.0.0.1:6379", "REFRESH_INTERVAL", "5s")));
        assertEquals("Invalid configuration: REFRESH_INTERVAL PT5S must be longer than MEMORY_CACHE_MAX_TTL PT10S in a "
                + "refresher", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of("FEED_STALE_TTL", "2h")));
        assertEquals("Invalid configuration: FEED_STALE_TTL PT2H is longer than a latest page is kept "
                + "(CACHE_TTL_LATEST + max(STALE_WHILE_REVALIDATE, MAX_STALE) = PT1H10S)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "FEED_FRESH_TTL", "20m", "FEED_STALE_TTL", "10m")));
        assertEquals("Invalid configuration: FEED_STALE_TTL PT10M is shorter than FEED_FRESH_TTL PT20M", e.getMessage());
    }

    @Test
    void requests_defaultsAndSettings() {
        RequestsConfig defaults = Config.fromEnv(Map.of()).requests();
        assertTrue(defaults.accessLog());
        assertTrue(defaults.trustedProxies().isEmpty());
        assertFalse(defaults.clientLimited());

        RequestsConfig set = Config.fromEnv(Map.of("ACCESS_LOG", "false", "TRUSTED_PROXIES",
                "173.245.48.0/20, 2400:cb00::/32,127.0.0.1", "CLIENT_RATE", "2.5")).requests();
        assertFalse(set.accessLog());
        assertEquals("[173.245.48.0/20, 2400:cb00::/32, 127.0.0.1/32]", set.trustedProxies().toString());
        assertEquals(2.5, set.clientRate());
        assertEquals(5, set.clientBurst(), "twice the rate");
        assertEquals(7, Config.fromEnv(Map.of("CLIENT_RATE", "2", "CLIENT_BURST", "7")).requests().clientBurst());
        assertEquals(1, Config.fromEnv(Map.of("CLIENT_RATE", "0.1")).requests().clientBurst());
    }

    @Test
    void requests_badValuesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "ACCESS_LOG", "sometimes", "TRUSTED_PROXIES", "10.0.0.0/8, cloudflare", "CLIENT_RATE", "-1",
                "CLIENT_BURST", "0")));
        assertEquals("Invalid configuration: ACCESS_LOG must be true or false: sometimes; "
                + "TRUSTED_PROXIES must be comma-separated addresses or CIDR blocks like 10.0.0.0/8 or 2001:db8::/32 "
                + "(no host bits past the prefix): cloudflare; "
                + "CLIENT_RATE must be a number from 0.0 to 1000000.0: -1; "
                + "CLIENT_BURST must be an integer in 1..10000000: 0", e.getMessage());
    }
}
