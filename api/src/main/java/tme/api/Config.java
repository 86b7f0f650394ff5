package tme.api;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tme.api.graphql.GraphQLConfig;
import tme.api.http.ConnectionsConfig;
import tme.api.http.RequestsConfig;
import tme.api.http.TrustedProxies;
import tme.api.memory.JvmLimits;
import tme.api.memory.MemoryPlan;
import tme.api.media.MediaConfig;
import tme.api.media.MediaMode;
import tme.api.outbound.HostAllowList;
import tme.cache.CacheConfig;
import tme.cache.Staleness;
import tme.coalescing.CoalescingConfig;
import tme.coalescing.Tolerance;
import tme.coalescing.refresh.RefreshConfig;
import tme.coalescing.gate.ClientShare;
import tme.coalescing.gate.SlotsConfig;
import tme.coalescing.gate.ThrottleConfig;
import tme.scraper.parse.ParserMode;

/**
 * Server configuration, read from the environment once at start-up. Every bad value is named in the error
 * ({@code TELEGRAM_TIMEOUT must be positive: PT0S}) so a misconfigured server never starts half-working.
 * Every variable is documented in {@code docs/operations.md}.
 *
 * @param port               HTTP port ({@code PORT}, default 8080; 0 picks a free port)
 * @param host               the address it listens on ({@code HOST}, default 0.0.0.0: every IPv4 interface)
 * @param telegramBaseUrl    where t.me is ({@code TELEGRAM_BASE_URL}); tests and benchmarks point it at a fake
 * @param telegramTimeout    per upstream request ({@code TELEGRAM_TIMEOUT}, default 5s)
 * @param parserMode         {@code PARSER_MODE}: full or simplified
 * @param parseWorkers       threads that parse and render pages off the event loop ({@code PARSE_WORKERS})
 * @param cache              L1 size and lifetime, Redis or a Redis Cluster ({@code MEMORY_CACHE_*}, {@code REDIS_*})
 * @param ttls               freshness per kind of answer ({@code CACHE_TTL_*})
 * @param earlyRefreshWindow last fraction of freshness in which entries are refreshed ahead ({@code EARLY_REFRESH_WINDOW})
 * @param sharedCoalescing   whether processes coordinate loads through Redis leases ({@code SHARED_COALESCING})
 * @param rawCopiesMaxMb     memory per coding (identity, zstd, gzip) for the off-heap copies hits write as they are
 *                           ({@code MEMORY_CACHE_RAW_MB}; 0 keeps none: every response decompresses or gzips again)
 * @param eventLoops         HTTP server instances, one per event loop ({@code EVENT_LOOPS}, default the cores)
 * @param nativeTransport    epoll where it loads, else NIO ({@code NATIVE_TRANSPORT}, default true; false: NIO)
 * @param slots              the upstream gate's fair slots ({@code TELEGRAM_MAX_CONCURRENCY}, {@code UPSTREAM_QUEUE_LIMIT})
 * @param errorTtl           how long a failed load is remembered per key ({@code UPSTREAM_ERROR_TTL}, 2s)
 * @param maxWaiting         requests waiting for upstream work at most ({@code MAX_WAITING_REQUESTS}, 4096)
 * @param throttle           the upstream gate's fleet-wide budget and cooldown ({@code TELEGRAM_RATE},
 *                           {@code TELEGRAM_BURST}, {@code TELEGRAM_LOCAL_RATE}, {@code TELEGRAM_LOCAL_BURST})
 * @param graphql            the GraphQL front end's limits, GraphiQL and decoded copies ({@code GRAPHQL_*},
 *                           {@code GRAPHIQL}, {@code MEMORY_CACHE_DECODED_MB})
 * @param docs               whether {@code /openapi.json}, Swagger UI at {@code /docs} and the {@code /} redirect are
 *                           served ({@code DISABLE_DOCS}, as the prior art names it: true hides them, 404)
 * @param shutdownDrain      how long a stopping server keeps serving with {@code /readyz} at 503, so load balancers
 *                           take it out of rotation first ({@code SHUTDOWN_DRAIN}, default 0s)
 * @param role               what this process does ({@code ROLE}: api, the default, or refresher, which needs Redis)
 * @param refresh            the refresh schedule's timeline and a refresher's limits ({@code REFRESH_*})
 * @param feedPages          how old a channel's latest page a feed accepts: fresh for {@code FEED_FRESH_TTL} (60s),
 *                           then served while one refresh runs up to {@code FEED_STALE_TTL} (15min) of age
 * @param requests           the access log, trusted proxies and the per-client limit ({@code ACCESS_LOG},
 *                           {@code TRUSTED_PROXIES}, {@code CLIENT_RATE}, {@code CLIENT_BURST})
 * @param push               post events, SSE streams and the WebSub hub ({@code EVENTS_*}, {@code STREAM_*},
 *                           {@code WEBSUB_*})
 * @param memory             every memory pool's size, from the JVM's limits unless set ({@code MEMORY_CACHE_MAX_MB},
 *                           {@code MEMORY_CACHE_RAW_MB}, {@code MEMORY_CACHE_DECODED_MB}): L1 in {@code cache}, the
 *                           copies in {@code rawCopiesMaxMb}, the decoded copies in {@code graphql}
 * @param publicUrl          the address readers reach the service at ({@code PUBLIC_URL}, e.g.
 *                           {@code https://tme.example.org}, no trailing slash): what reader feeds put in front of
 *                           their own and their media's paths; empty: feeds name the request's host and t.me's media
 * @param media              the durable media links ({@code MEDIA_MODE}, {@code MEDIA_URL_TTL}, {@code MEDIA_HOSTS},
 *                           {@code MEDIA_MAX_BYTES}, {@code MEDIA_STREAMS}, {@code MEDIA_TIMEOUT})
 * @param clientShare        what one client may spend of the fleet's t.me budget ({@code CLIENT_UPSTREAM_SHARE},
 *                           0.25 of {@code TELEGRAM_RATE}; {@code CLIENT_UPSTREAM_BURST}, {@code TELEGRAM_BURST})
 * @param connections        the HTTP connections' deadlines and caps ({@code HTTP_IDLE_TIMEOUT}, {@code
 *                           HTTP_HEAD_TIMEOUT}, {@code HTTP_BODY_TIMEOUT}, {@code MAX_CONNECTIONS}, {@code
 *                           MAX_CONNECTIONS_PER_ADDRESS})
 * @param warnings           what start-up should say but not refuse: a variable with one of our prefixes that no
 *                           setting reads (a misspelling, with the closest setting), a memory plan that does not fit
 */
public record Config(
        int port, String host, URI telegramBaseUrl, Duration telegramTimeout, ParserMode parserMode, int parseWorkers,
        CacheConfig cache, Ttls ttls, double earlyRefreshWindow, boolean sharedCoalescing, int rawCopiesMaxMb,
        Duration errorTtl, int maxWaiting, int eventLoops, boolean nativeTransport,
        SlotsConfig slots, ThrottleConfig throttle,
        GraphQLConfig graphql, boolean docs, Duration shutdownDrain, Role role, RefreshConfig refresh, Tolerance feedPages,
        RequestsConfig requests, PushSettings push, MemoryPlan memory, Optional<URI> publicUrl,
        MediaConfig media, ClientShare clientShare, ConnectionsConfig connections, List<String> warnings) {

    private static final long MIB = 1024 * 1024;

    public static Config fromEnv(Map<String, String> env) {
        return fromEnv(env, JvmLimits.current());
    }

    /** The configuration for a JVM of {@code limits} (tests give theirs). */
    public static Config fromEnv(Map<String, String> env, JvmLimits limits) {
        EnvReader in = new EnvReader(env);
        // Filled once everything is read (a variable no setting asked for is only known then).
        List<String> warnings = new ArrayList<>();
        // Read in this order, so a start-up's problems are named in it.
        int port = in.integer("PORT", 8080, 0, 65_535);
        String host = in.ipAddress("HOST", "0.0.0.0");
        URI telegram = in.httpUrl("TELEGRAM_BASE_URL", "https://t.me");
        Duration timeout = in.positiveDuration("TELEGRAM_TIMEOUT", Duration.ofSeconds(5));
        ParserMode mode = in.choice("PARSER_MODE", ParserMode.class, ParserMode.FULL);
        int parseWorkers = in.integer("PARSE_WORKERS", Math.max(2, Runtime.getRuntime().availableProcessors()), 1, 256);
        MemoryPlan memory = MemorySettings.plan(in, limits);
        CacheConfig cache = cache(in, memory);
        Ttls ttls = Ttls.fromEnv(in);
        Config config = new Config(port, host, telegram, timeout, mode, parseWorkers, cache, ttls,
                in.number("EARLY_REFRESH_WINDOW", 0.10, 0.0, 0.5),
                in.flag("SHARED_COALESCING", true),
                (int) (memory.copies() / MIB),
                in.positiveDuration("UPSTREAM_ERROR_TTL", CoalescingConfig.DEFAULT_ERROR_TTL),
                in.integer("MAX_WAITING_REQUESTS", CoalescingConfig.DEFAULT_MAX_WAITING, 1, 1_000_000),
                in.integer("EVENT_LOOPS", Runtime.getRuntime().availableProcessors(), 1, 256),
                in.flag("NATIVE_TRANSPORT", true),
                slots(in),
                throttle(in),
                graphql(in, memory),
                !in.flag("DISABLE_DOCS", false),
                in.nonNegativeDuration("SHUTDOWN_DRAIN", Duration.ZERO),
                role(in, cache),
                RefreshSettings.fromEnv(in),
                RefreshSettings.feedPages(in, ttls.latest(), cache.staleness()),
                requests(in),
                PushSettings.fromEnv(in),
                memory,
                publicUrl(in),
                media(in),
                clientShare(in),
                connections(in),
                Collections.unmodifiableList(warnings));
        refresherIntervalAboveMemoryTtl(in, config.role(), config.refresh(), cache);
        in.failIfAnyProblem();
        warnings.addAll(in.unknownSettings());
        config.memory().warning().ifPresent(warnings::add);
        return config;
    }

    /** {@code ROLE}: a refresher without Redis would have no schedule to claim from and no fleet to share with. */
    private static Role role(EnvReader in, CacheConfig cache) {
        Role role = in.choice("ROLE", Role.class, Role.API);
        if (role == Role.REFRESHER && cache.redisUrl().isEmpty()) {
            in.problem("ROLE=refresher needs REDIS_URL: the refresh schedule, the leases and the fleet's budget a "
                    + "refresher works with live in Redis");
        }
        return role;
    }

    /**
     * A refresher compares what Redis holds with the copy it replaces, from its own memory first: a copy kept there
     * longer than an interval would make another refresher's load of the last round look like this round's, and
     * the channel would be loaded every other interval.
     */
    private static void refresherIntervalAboveMemoryTtl(EnvReader in, Role role, RefreshConfig refresh,
                                                        CacheConfig cache) {
        if (role == Role.REFRESHER && refresh.interval().compareTo(cache.l1MaxTtl()) <= 0) {
            in.problem("REFRESH_INTERVAL " + refresh.interval() + " must be longer than MEMORY_CACHE_MAX_TTL "
                    + cache.l1MaxTtl() + " in a refresher");
        }
    }

    private static SlotsConfig slots(EnvReader in) {
        SlotsConfig defaults = SlotsConfig.defaults();
        int concurrency = in.integer("TELEGRAM_MAX_CONCURRENCY", defaults.maxConcurrency(), 1, 4096);
        int queuePerSlot = in.integer("UPSTREAM_QUEUE_LIMIT", defaults.queuePerSlot(), 0, 4096);
        return in.checked(() -> new SlotsConfig(concurrency, queuePerSlot), defaults);
    }

    /** The fleet's rate and burst; without Redis each server uses its local ones, which default to the fleet's. */
    private static ThrottleConfig throttle(EnvReader in) {
        ThrottleConfig defaults = ThrottleConfig.defaults();
        double rate = in.number("TELEGRAM_RATE", defaults.rate(), 0.01, 100_000);
        int burst = in.integer("TELEGRAM_BURST", defaults.burst(), 1, 100_000);
        double localRate = in.number("TELEGRAM_LOCAL_RATE", rate, 0.01, 100_000);
        int localBurst = in.integer("TELEGRAM_LOCAL_BURST", burst, 1, 100_000);
        return in.checked(() -> defaults.withFleet(rate, burst).withLocal(localRate, localBurst), defaults);
    }

    private static GraphQLConfig graphql(EnvReader in, MemoryPlan memory) {
        return new GraphQLConfig(
                in.integer("GRAPHQL_MAX_DEPTH", GraphQLConfig.DEFAULT_MAX_DEPTH, 1, 100),
                in.integer("GRAPHQL_MAX_COST", GraphQLConfig.DEFAULT_MAX_COST, 1, 10_000),
                in.integer("GRAPHQL_MAX_TOKENS", GraphQLConfig.DEFAULT_MAX_TOKENS, 50, 100_000),
                in.flag("GRAPHIQL", true),
                (int) (memory.decoded() / MIB),
                in.integer("GRAPHQL_CONCURRENCY", GraphQLConfig.defaultConcurrency(), 1, 256),
                in.integer("GRAPHQL_QUEUE_LIMIT", GraphQLConfig.DEFAULT_QUEUE_LIMIT, 1, 100_000),
                in.positiveDuration("GRAPHQL_TIMEOUT", GraphQLConfig.DEFAULT_TIMEOUT),
                in.integer("GRAPHQL_MAX_FIELDS", GraphQLConfig.DEFAULT_MAX_FIELDS, 1, 100_000_000),
                in.integer("GRAPHQL_MAX_RESPONSE_BYTES", (int) GraphQLConfig.DEFAULT_MAX_RESPONSE_BYTES, 1024,
                        1_073_741_824));
    }

    /** The per-client limit is off unless {@code CLIENT_RATE} is set; its burst defaults to two seconds of it. */
    private static RequestsConfig requests(EnvReader in) {
        RequestsConfig defaults = RequestsConfig.defaults();
        boolean accessLog = in.flag("ACCESS_LOG", defaults.accessLog());
        TrustedProxies proxies = in.checked(() -> TrustedProxies.parse("TRUSTED_PROXIES",
                Objects.requireNonNullElse(in.value("TRUSTED_PROXIES"), "")), TrustedProxies.none());
        double rate = in.number("CLIENT_RATE", 0, 0, 1_000_000);
        int burst = in.integer("CLIENT_BURST", RequestsConfig.defaultBurst(rate), 1, 10_000_000);
        return in.checked(() -> new RequestsConfig(accessLog, proxies, rate, burst), defaults);
    }

    /**
     * The connections' deadlines (each at most a day: nobody means longer, and nanoseconds must not overflow) and
     * caps (see docs/operations.md, "Connections").
     */
    private static ConnectionsConfig connections(EnvReader in) {
        Duration day = Duration.ofDays(1);
        Duration idle = in.boundedDuration("HTTP_IDLE_TIMEOUT", ConnectionsConfig.DEFAULT_IDLE_TIMEOUT, day);
        Duration head = in.boundedDuration("HTTP_HEAD_TIMEOUT", ConnectionsConfig.DEFAULT_HEAD_TIMEOUT, day);
        Duration body = in.boundedDuration("HTTP_BODY_TIMEOUT", ConnectionsConfig.DEFAULT_BODY_TIMEOUT, day);
        int max = in.integer("MAX_CONNECTIONS", ConnectionsConfig.DEFAULT_MAX_CONNECTIONS, 1, 10_000_000);
        int perAddress = in.integer("MAX_CONNECTIONS_PER_ADDRESS",
                ConnectionsConfig.DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, 1, 10_000_000);
        return new ConnectionsConfig(idle, head, body, max, perAddress);
    }

    /** {@code PUBLIC_URL}: unset, or an http(s) URL (a trailing slash dropped), the one place every feed reads it. */
    private static Optional<URI> publicUrl(EnvReader in) {
        return in.value("PUBLIC_URL") == null || in.value("PUBLIC_URL").isBlank()
                ? Optional.empty() : Optional.of(in.httpUrl("PUBLIC_URL", "https://localhost"));
    }

    private static MediaConfig media(EnvReader in) {
        MediaMode mode = in.choice("MEDIA_MODE", MediaMode.class, MediaMode.REDIRECT);
        Duration urlTtl = in.positiveDuration("MEDIA_URL_TTL", MediaConfig.DEFAULT_URL_TTL);
        HostAllowList hosts = in.checked(() -> HostAllowList.parse("MEDIA_HOSTS",
                Objects.requireNonNullElse(in.value("MEDIA_HOSTS"), HostAllowList.TELEGRAM_CDN)),
                HostAllowList.parse("MEDIA_HOSTS", HostAllowList.TELEGRAM_CDN));
        long maxBytes = in.integer("MEDIA_MAX_BYTES", (int) MediaConfig.DEFAULT_MAX_BYTES, 1, Integer.MAX_VALUE);
        int streams = in.integer("MEDIA_STREAMS", MediaConfig.DEFAULT_STREAMS, 1, 100_000);
        Duration timeout = in.positiveDuration("MEDIA_TIMEOUT", MediaConfig.DEFAULT_TIMEOUT);
        return new MediaConfig(mode, urlTtl, hosts, maxBytes, streams, timeout);
    }

    /** One client's share of the fleet's budget; its burst defaults to the fleet's, {@code TELEGRAM_BURST}. */
    private static ClientShare clientShare(EnvReader in) {
        ClientShare defaults = ClientShare.defaults(ThrottleConfig.defaults());
        double share = in.number("CLIENT_UPSTREAM_SHARE", ClientShare.DEFAULT_SHARE, 0.001, 1);
        int fleetBurst = in.integer("TELEGRAM_BURST", ThrottleConfig.defaults().burst(), 1, 100_000);
        int burst = in.integer("CLIENT_UPSTREAM_BURST", fleetBurst, 1, 100_000);
        return in.checked(() -> new ClientShare(share, burst), defaults);
    }

    private static CacheConfig cache(EnvReader in, MemoryPlan memory) {
        CacheConfig defaults = CacheConfig.defaults();
        Duration l1MaxTtl = in.positiveDuration("MEMORY_CACHE_MAX_TTL", defaults.l1MaxTtl());
        Duration redisTimeout = in.positiveDuration("REDIS_TIMEOUT", defaults.redisTimeout());
        int poolSize = in.integer("REDIS_POOL_SIZE", CacheConfig.DEFAULT_POOL_SIZE, 32, 1024);
        Optional<String> redisUrl = Optional.ofNullable(in.value("REDIS_URL"));
        boolean redisCluster = in.flag("REDIS_CLUSTER", false);
        Duration startGrace = in.nonNegativeDuration("REDIS_START_GRACE", defaults.redisStartGrace());
        Duration breakerOpenFor = in.positiveDuration("REDIS_BREAKER_OPEN_FOR", defaults.breakerOpenFor());
        Optional<Duration> whileRevalidate = in.optionalDuration("STALE_WHILE_REVALIDATE");
        Duration maxStale = in.nonNegativeDuration("MAX_STALE", Staleness.DEFAULT_MAX_STALE);
        return in.checked(() -> new CacheConfig(memory.l1(), l1MaxTtl, redisUrl, redisCluster,
                redisTimeout, poolSize, defaults.breakerErrors(), defaults.breakerWindow(), breakerOpenFor,
                startGrace, Staleness.of(whileRevalidate, maxStale)), defaults);
    }
}
