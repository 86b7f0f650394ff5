package tme.api;

import static tme.api.Settings.*;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tme.api.graphql.GraphQLConfig;
import tme.api.http.ConnectionsConfig;
import tme.api.http.RequestsConfig;
import tme.api.media.MediaConfig;
import tme.api.memory.JvmLimits;
import tme.api.memory.MemoryPlan;
import tme.api.service.Ttls;
import tme.cache.CacheConfig;
import tme.cache.Staleness;
import tme.coalescing.Tolerance;
import tme.coalescing.gate.ClientShare;
import tme.coalescing.gate.SlotsConfig;
import tme.coalescing.gate.ThrottleConfig;
import tme.coalescing.refresh.RefreshConfig;
import tme.scraper.parse.ParserMode;

/**
 * Server configuration, built at start-up from the settings of the catalogue ({@link Settings}: each variable's
 * default, range and check), each read once. Every bad value is named in the error
 * ({@code TELEGRAM_TIMEOUT must be positive: PT0S}) so a misconfigured server never starts half-working.
 * Every variable is documented in {@code docs/operations.md}. The defaults are the catalogue's, not repeated here.
 *
 * @param port               HTTP port ({@code PORT}; 0 picks a free port)
 * @param host               the address it listens on ({@code HOST})
 * @param telegramBaseUrl    where t.me is ({@code TELEGRAM_BASE_URL}); tests and benchmarks point it at a fake
 * @param telegramTimeout    per upstream request ({@code TELEGRAM_TIMEOUT})
 * @param parserMode         {@code PARSER_MODE}: full or simplified
 * @param parseWorkers       threads that parse and render pages off the event loop ({@code PARSE_WORKERS})
 * @param parsePriority      how those threads are scheduled beside the event loops ({@code PARSE_PRIORITY}; {@code
 *                           auto} is decided at start, {@link WorkerPriority#resolved})
 * @param cache              L1 size and lifetime, Redis or a Redis Cluster ({@code MEMORY_CACHE_*}, {@code REDIS_*})
 * @param ttls               freshness per kind of answer ({@code CACHE_TTL_*})
 * @param earlyRefreshWindow last fraction of freshness in which entries are refreshed ahead ({@code EARLY_REFRESH_WINDOW})
 * @param sharedCoalescing   whether processes coordinate loads through Redis leases ({@code SHARED_COALESCING})
 * @param pushChanges        whether values written to Redis are told to the other servers ({@code MEMORY_CACHE_PUSH})
 * @param rawCopiesMaxMb     memory per coding (identity, zstd, gzip) for the off-heap copies hits write as they are
 *                           ({@code MEMORY_CACHE_RAW_MB}; 0 keeps none: every response decompresses or gzips again)
 * @param eventLoops         HTTP server instances, one per event loop ({@code EVENT_LOOPS})
 * @param nativeTransport    epoll where it loads, else NIO ({@code NATIVE_TRANSPORT})
 * @param slots              the upstream gate's fair slots ({@code TELEGRAM_MAX_CONCURRENCY}, {@code UPSTREAM_QUEUE_LIMIT})
 * @param errorTtl           how long a failed load is remembered per key ({@code UPSTREAM_ERROR_TTL})
 * @param maxWaiting         requests waiting for upstream work at most ({@code MAX_WAITING_REQUESTS})
 * @param throttle           the upstream gate's fleet-wide budget and cooldown ({@code TELEGRAM_RATE},
 *                           {@code TELEGRAM_BURST}, {@code TELEGRAM_LOCAL_RATE}, {@code TELEGRAM_LOCAL_BURST})
 * @param graphql            the GraphQL front end's limits, GraphiQL and decoded copies ({@code GRAPHQL_*},
 *                           {@code GRAPHIQL}, {@code MEMORY_CACHE_DECODED_MB})
 * @param docs               whether {@code /openapi.json}, Swagger UI at {@code /docs} and the {@code /} redirect are
 *                           served ({@code DISABLE_DOCS}, as the prior art names it: true hides them, 404)
 * @param shutdownDrain      how long a stopping server keeps serving with {@code /readyz} at 503, so load balancers
 *                           take it out of rotation first ({@code SHUTDOWN_DRAIN})
 * @param role               what this process does ({@code ROLE}: api or refresher, which needs Redis)
 * @param refresh            the refresh schedule's timeline and a refresher's limits ({@code REFRESH_*})
 * @param feedPages          how old a channel's latest page a feed accepts: fresh for {@code FEED_FRESH_TTL},
 *                           then served while one refresh runs up to {@code FEED_STALE_TTL} of age
 * @param feedMaxPages       the most pages per channel a feed may ask for ({@code FEED_MAX_PAGES}, {@code pages=N})
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
 * @param clientShare        what one client may spend of the fleet's t.me budget ({@code CLIENT_UPSTREAM_SHARE}
 *                           of {@code TELEGRAM_RATE}; {@code CLIENT_UPSTREAM_BURST})
 * @param connections        the HTTP connections' deadlines and caps ({@code HTTP_IDLE_TIMEOUT}, {@code
 *                           HTTP_HEAD_TIMEOUT}, {@code HTTP_BODY_TIMEOUT}, {@code MAX_CONNECTIONS}, {@code
 *                           MAX_CONNECTIONS_PER_ADDRESS})
 * @param historyMaxPosts    the most posts one {@code /v1/history} request streams ({@code HISTORY_MAX_POSTS})
 * @param warnings           what start-up should say but not refuse: a variable with one of our prefixes that no
 *                           setting reads (a misspelling, with the closest setting), a memory plan that does not fit
 */
public record Config(
        int port, String host, URI telegramBaseUrl, Duration telegramTimeout, ParserMode parserMode, int parseWorkers,
        WorkerPriority parsePriority, CacheConfig cache, Ttls ttls, double earlyRefreshWindow,
        boolean sharedCoalescing, boolean pushChanges, int rawCopiesMaxMb,
        Duration errorTtl, int maxWaiting, int eventLoops, boolean nativeTransport,
        SlotsConfig slots, ThrottleConfig throttle,
        GraphQLConfig graphql, boolean docs, Duration shutdownDrain, Role role, RefreshConfig refresh, Tolerance feedPages,
        int feedMaxPages, RequestsConfig requests, PushSettings push, MemoryPlan memory, Optional<URI> publicUrl,
        MediaConfig media, ClientShare clientShare, ConnectionsConfig connections, int historyMaxPosts,
        List<String> warnings) {

    private static final long MIB = 1024 * 1024;

    public static Config fromEnv(Map<String, String> env) {
        return fromEnv(env, JvmLimits.current());
    }

    /** The configuration for a JVM of {@code limits} (tests give theirs). */
    public static Config fromEnv(Map<String, String> env, JvmLimits limits) {
        EnvReader in = new EnvReader(env);
        // Filled once everything is read (a variable no setting asked for is only known then).
        List<String> warnings = new ArrayList<>();
        MemoryPlan memory = MemorySettings.plan(in, limits);
        CacheConfig cache = cache(in, memory);
        Ttls ttls = new Ttls(in.get(CACHE_TTL_LATEST), in.get(CACHE_TTL_PAGE), in.get(CACHE_TTL_PREVIEW),
                in.get(CACHE_TTL_NOT_FOUND), in.get(CACHE_TTL_SEARCH), in.get(CACHE_TTL_OLD_PAGE));
        Config config = new Config(in.get(PORT), in.get(HOST), in.get(TELEGRAM_BASE_URL), in.get(TELEGRAM_TIMEOUT),
                in.get(PARSER_MODE), in.get(PARSE_WORKERS), in.get(PARSE_PRIORITY), cache, ttls,
                in.get(EARLY_REFRESH_WINDOW),
                in.get(SHARED_COALESCING),
                in.get(MEMORY_CACHE_PUSH),
                (int) (memory.copies() / MIB),
                in.get(UPSTREAM_ERROR_TTL),
                in.get(MAX_WAITING_REQUESTS),
                in.get(EVENT_LOOPS),
                in.get(NATIVE_TRANSPORT),
                slots(in),
                throttle(in),
                graphql(in, memory),
                !in.get(DISABLE_DOCS),
                in.get(SHUTDOWN_DRAIN),
                role(in, cache),
                RefreshSettings.from(in),
                RefreshSettings.feedPages(in, ttls.latest(), cache.staleness()),
                in.get(FEED_MAX_PAGES),
                requests(in),
                PushSettings.from(in),
                memory,
                in.get(PUBLIC_URL),
                media(in),
                clientShare(in),
                connections(in),
                in.get(HISTORY_MAX_POSTS),
                Collections.unmodifiableList(warnings));
        refresherIntervalAboveMemoryTtl(in, config.role(), config.refresh(), cache);
        in.failIfAnyProblem();
        warnings.addAll(in.unknownSettings());
        config.memory().warning().ifPresent(warnings::add);
        return config;
    }

    /** {@code ROLE}: a refresher without Redis would have no schedule to claim from and no fleet to share with. */
    private static Role role(EnvReader in, CacheConfig cache) {
        Role role = in.get(ROLE);
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
        return in.checked(set -> new SlotsConfig(set.get(TELEGRAM_MAX_CONCURRENCY), set.get(UPSTREAM_QUEUE_LIMIT)));
    }

    /** The fleet's rate and burst; without Redis each server uses its local ones, which default to the fleet's. */
    private static ThrottleConfig throttle(EnvReader in) {
        return in.checked(set -> ThrottleConfig.defaults().withFleet(set.get(TELEGRAM_RATE), set.get(TELEGRAM_BURST))
                .withLocal(set.get(TELEGRAM_LOCAL_RATE), set.get(TELEGRAM_LOCAL_BURST)));
    }

    private static GraphQLConfig graphql(EnvReader in, MemoryPlan memory) {
        return new GraphQLConfig(in.get(GRAPHQL_MAX_DEPTH), in.get(GRAPHQL_MAX_COST), in.get(GRAPHQL_MAX_TOKENS),
                in.get(GRAPHIQL), (int) (memory.decoded() / MIB), in.get(GRAPHQL_CONCURRENCY),
                in.get(GRAPHQL_QUEUE_LIMIT), in.get(GRAPHQL_TIMEOUT), in.get(GRAPHQL_MAX_FIELDS),
                in.get(GRAPHQL_MAX_RESPONSE_BYTES));
    }

    /** The per-client limit is off unless {@code CLIENT_RATE} is set; its burst defaults to two seconds of it. */
    private static RequestsConfig requests(EnvReader in) {
        return in.checked(set -> new RequestsConfig(set.get(ACCESS_LOG), set.get(TRUSTED_PROXIES),
                set.get(CLIENT_RATE), set.get(CLIENT_BURST)));
    }

    /** The connections' deadlines and caps (see docs/operations.md, "Connections"). */
    private static ConnectionsConfig connections(EnvReader in) {
        return new ConnectionsConfig(in.get(HTTP_IDLE_TIMEOUT), in.get(HTTP_HEAD_TIMEOUT), in.get(HTTP_BODY_TIMEOUT),
                in.get(MAX_CONNECTIONS), in.get(MAX_CONNECTIONS_PER_ADDRESS));
    }

    private static MediaConfig media(EnvReader in) {
        return new MediaConfig(in.get(MEDIA_MODE), in.get(MEDIA_URL_TTL), in.get(MEDIA_HOSTS), in.get(MEDIA_MAX_BYTES),
                in.get(MEDIA_STREAMS), in.get(MEDIA_TIMEOUT));
    }

    /**
     * One client's share of the fleet's budget, binding while another client asked within the window; its burst
     * defaults to the fleet's, {@code TELEGRAM_BURST}.
     */
    private static ClientShare clientShare(EnvReader in) {
        return in.checked(set -> new ClientShare(set.get(CLIENT_UPSTREAM_SHARE), set.get(CLIENT_UPSTREAM_BURST),
                set.get(CLIENT_UPSTREAM_WAITING_WINDOW)));
    }

    private static CacheConfig cache(EnvReader in, MemoryPlan memory) {
        CacheConfig fixed = CacheConfig.defaults(); // the breaker's trip rule is no setting
        return in.checked(set -> new CacheConfig(memory.l1(), set.get(MEMORY_CACHE_MAX_TTL), set.get(REDIS_URL),
                set.get(REDIS_CLUSTER), set.get(REDIS_TIMEOUT), set.get(REDIS_POOL_SIZE), fixed.breakerErrors(),
                fixed.breakerWindow(), set.get(REDIS_BREAKER_OPEN_FOR), set.get(REDIS_START_GRACE),
                Staleness.of(set.get(STALE_WHILE_REVALIDATE), set.get(MAX_STALE))));
    }
}
