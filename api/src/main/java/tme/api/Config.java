package tme.api;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import tme.cache.CacheConfig;
import tme.scraper.parse.ParserMode;

/**
 * Server configuration, read from the environment once at start-up. Every bad value is named in the error
 * ({@code TELEGRAM_TIMEOUT must be positive: PT0S}) so a misconfigured server never starts half-working.
 * Every variable is documented in {@code docs/operations.md}.
 *
 * @param port               HTTP port ({@code PORT}, default 8080; 0 picks a free port)
 * @param telegramBaseUrl    where t.me is ({@code TELEGRAM_BASE_URL}); tests and benchmarks point it at a fake
 * @param telegramTimeout    per upstream request ({@code TELEGRAM_TIMEOUT}, default 5s)
 * @param parserMode         {@code PARSER_MODE}: full or simplified
 * @param parseWorkers       threads that parse and render pages off the event loop ({@code PARSE_WORKERS})
 * @param cache              L1 size and lifetime, Redis ({@code MEMORY_CACHE_*}, {@code REDIS_*})
 * @param ttls               freshness per kind of answer ({@code CACHE_TTL_*})
 * @param earlyRefreshWindow last fraction of freshness in which entries are refreshed ahead ({@code EARLY_REFRESH_WINDOW})
 * @param sharedCoalescing   whether processes coordinate loads through Redis leases ({@code SHARED_COALESCING})
 * @param rawCopiesMaxMb     memory for decompressed copies of hot answers, for clients without zstd
 *                           ({@code MEMORY_CACHE_RAW_MB}; 0 decompresses every response)
 */
public record Config(
        int port, URI telegramBaseUrl, Duration telegramTimeout, ParserMode parserMode, int parseWorkers,
        CacheConfig cache, Ttls ttls, double earlyRefreshWindow, boolean sharedCoalescing, int rawCopiesMaxMb) {

    public static Config fromEnv(Map<String, String> env) {
        EnvReader in = new EnvReader(env);
        Config config = new Config(
                in.integer("PORT", 8080, 0, 65_535),
                in.httpUrl("TELEGRAM_BASE_URL", "https://t.me"),
                in.positiveDuration("TELEGRAM_TIMEOUT", Duration.ofSeconds(5)),
                in.choice("PARSER_MODE", ParserMode.class, ParserMode.FULL),
                in.integer("PARSE_WORKERS", Math.max(2, Runtime.getRuntime().availableProcessors()), 1, 256),
                cache(in),
                Ttls.fromEnv(in),
                in.fraction("EARLY_REFRESH_WINDOW", 0.10, 0.0, 0.5),
                in.flag("SHARED_COALESCING", true),
                in.integer("MEMORY_CACHE_RAW_MB", 64, 0, 1_048_576));
        in.failIfAnyProblem();
        return config;
    }

    private static CacheConfig cache(EnvReader in) {
        CacheConfig defaults = CacheConfig.defaults();
        long memoryMb = in.integer("MEMORY_CACHE_MAX_MB", CacheConfig.DEFAULT_MEMORY_MAX_MB, 1, 1_048_576);
        Duration l1MaxTtl = in.positiveDuration("MEMORY_CACHE_MAX_TTL", defaults.l1MaxTtl());
        Duration redisTimeout = in.positiveDuration("REDIS_TIMEOUT", defaults.redisTimeout());
        int poolSize = in.integer("REDIS_POOL_SIZE", CacheConfig.DEFAULT_POOL_SIZE, 32, 1024);
        Optional<String> redisUrl = Optional.ofNullable(in.value("REDIS_URL"));
        return in.checked(() -> new CacheConfig(memoryMb * 1024L * 1024L, l1MaxTtl, redisUrl, redisTimeout, poolSize,
                defaults.breakerErrors(), defaults.breakerWindow(), defaults.breakerOpenFor(), defaults.staleness()),
                defaults);
    }
}
