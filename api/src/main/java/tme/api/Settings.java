package tme.api;

import static tme.api.SettingKinds.choice;
import static tme.api.SettingKinds.durationUpTo;
import static tme.api.SettingKinds.flag;
import static tme.api.SettingKinds.httpUrl;
import static tme.api.SettingKinds.integer;
import static tme.api.SettingKinds.ipAddress;
import static tme.api.SettingKinds.nonNegativeDuration;
import static tme.api.SettingKinds.number;
import static tme.api.SettingKinds.parsedBy;
import static tme.api.SettingKinds.positiveDuration;
import static tme.api.SettingKinds.text;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import tme.api.Setting.Computed;
import tme.api.Setting.Default;
import tme.api.Setting.Kind;
import tme.api.Setting.Literal;
import tme.api.Setting.SameAs;
import tme.api.graphql.GraphQLConfig;
import tme.api.http.RequestsConfig;
import tme.api.http.TrustedProxies;
import tme.api.media.MediaMode;
import tme.api.outbound.HostAllowList;
import tme.api.service.FeedRequest;
import tme.api.service.Ttls;
import tme.scraper.parse.ParserMode;

/**
 * The catalogue: every setting the server reads, each declared once, in the order start-up reads them (and names
 * their problems). {@link EnvReader} reads the environment through it, once per setting; {@link Config} and the
 * records it holds are built from what it read; {@code docs/operations.md} shows the same names, defaults and ranges
 * (SettingsDocsTest). Checks that involve two settings live where the records are built.
 */
final class Settings {

    /** In declaration order; filled as the constants below are initialised, so this must come first. */
    private static final List<Setting<?>> ALL = new ArrayList<>();
    private static final Set<String> NAMES = new HashSet<>();

    static final Setting<Integer> PORT = add("PORT", integer(0, 65_535), is("8080"), "HTTP port; 0 picks a free port");
    static final Setting<String> HOST = add("HOST", ipAddress(), is("0.0.0.0"), "the address to listen on");
    static final Setting<URI> TELEGRAM_BASE_URL = add("TELEGRAM_BASE_URL", httpUrl(), is("https://t.me"),
            "where t.me is (tests point it at a fake)");
    static final Setting<Duration> TELEGRAM_TIMEOUT = add("TELEGRAM_TIMEOUT", positiveDuration(), is("5s"),
            "one upstream request, connect to answer");
    static final Setting<ParserMode> PARSER_MODE = add("PARSER_MODE", choice(ParserMode.class), is("full"),
            "what the parser keeps");
    static final Setting<Integer> PARSE_WORKERS = add("PARSE_WORKERS", integer(1, 256),
            computed("number of cores (at least 2)", in -> Math.max(2, cores())), "threads that parse and render pages");
    static final Setting<WorkerPriority> PARSE_PRIORITY = add("PARSE_PRIORITY", choice(WorkerPriority.class),
            is("auto"), "parse threads under SCHED_IDLE: idle, normal, auto (own session: idle)");
    static final Setting<Optional<Integer>> MEMORY_CACHE_MAX_MB = add("MEMORY_CACHE_MAX_MB",
            integer(1, 1_048_576).optional(), planned("40% of the max heap"), "the in-process cache's bound, in MB");
    static final Setting<Optional<Integer>> MEMORY_CACHE_RAW_MB = add("MEMORY_CACHE_RAW_MB",
            integer(0, 1_048_576).optional(), planned("a sixth of the direct memory"),
            "off-heap copies of answers per coding, in MB");
    static final Setting<Optional<Integer>> MEMORY_CACHE_DECODED_MB = add("MEMORY_CACHE_DECODED_MB",
            integer(0, 1_048_576).optional(), planned("15% of the max heap"), "GraphQL's decoded copies, in MB");
    static final Setting<Duration> MEMORY_CACHE_MAX_TTL = add("MEMORY_CACHE_MAX_TTL", positiveDuration(), is("10s"),
            "cap on an in-process copy of a Redis entry (unless changes are followed)");
    static final Setting<Boolean> MEMORY_CACHE_PUSH = add("MEMORY_CACHE_PUSH", flag(), is("true"),
            "tell other servers of each value written to Redis, at once (one Redis only)");
    static final Setting<Duration> REDIS_TIMEOUT = add("REDIS_TIMEOUT", positiveDuration(), is("500ms"),
            "deadline of every Redis command");
    static final Setting<Integer> REDIS_POOL_SIZE = add("REDIS_POOL_SIZE", integer(32, 1024), is("32"),
            "pooled Redis connections (per node on a cluster)");
    static final Setting<Optional<String>> REDIS_URL = add("REDIS_URL", text("Redis URLs, comma-separated").optional(),
            unset("unset"), "Redis (or a Redis Cluster's nodes); unset: in-process cache alone");
    static final Setting<Boolean> REDIS_CLUSTER = add("REDIS_CLUSTER", flag(), is("false"),
            "REDIS_URL is a cluster even with one node");
    static final Setting<Duration> REDIS_START_GRACE = add("REDIS_START_GRACE", nonNegativeDuration(), is("30s"),
            "how long start-up waits for Redis, its failures not counted");
    static final Setting<Duration> REDIS_BREAKER_OPEN_FOR = add("REDIS_BREAKER_OPEN_FOR", positiveDuration(),
            is("30s"), "how long an open Redis breaker bypasses Redis");
    static final Setting<Optional<Duration>> STALE_WHILE_REVALIDATE = add("STALE_WHILE_REVALIDATE",
            nonNegativeDuration().optional(), unset("the entry's own freshness"),
            "how long past freshness an entry is answered while it refreshes");
    static final Setting<Duration> MAX_STALE = add("MAX_STALE", nonNegativeDuration(), is("1h"),
            "how long past freshness an entry answers instead of an error");
    static final Setting<Duration> CACHE_TTL_LATEST = add("CACHE_TTL_LATEST", durationUpTo(Ttls.MAX), is("10s"),
            "freshness of a channel's latest page");
    static final Setting<Duration> CACHE_TTL_PAGE = add("CACHE_TTL_PAGE", durationUpTo(Ttls.MAX), is("2m"),
            "freshness of pages around a position");
    static final Setting<Duration> CACHE_TTL_PREVIEW = add("CACHE_TTL_PREVIEW", durationUpTo(Ttls.MAX), is("1h"),
            "freshness of channel previews");
    static final Setting<Duration> CACHE_TTL_NOT_FOUND = add("CACHE_TTL_NOT_FOUND", durationUpTo(Ttls.MAX),
            is("60s"), "how long a missing channel or post is cached");
    static final Setting<Duration> CACHE_TTL_SEARCH = add("CACHE_TTL_SEARCH", durationUpTo(Ttls.MAX),
            sameAs(CACHE_TTL_LATEST), "freshness of a search inside a channel");
    static final Setting<Duration> CACHE_TTL_OLD_PAGE = add("CACHE_TTL_OLD_PAGE", durationUpTo(Ttls.MAX), is("1h"),
            "freshness of pages older than the latest (more before, history walks)");
    static final Setting<Double> EARLY_REFRESH_WINDOW = add("EARLY_REFRESH_WINDOW", number(0.0, 0.5), is("0.10"),
            "last fraction of freshness in which an entry is refreshed ahead");
    static final Setting<Boolean> SHARED_COALESCING = add("SHARED_COALESCING", flag(), is("true"),
            "coordinate loads across servers with Redis leases");
    static final Setting<Duration> UPSTREAM_ERROR_TTL = add("UPSTREAM_ERROR_TTL", positiveDuration(), is("2s"),
            "how long a failed load is remembered per key");
    static final Setting<Integer> MAX_WAITING_REQUESTS = add("MAX_WAITING_REQUESTS", integer(1, 1_000_000),
            is("4096"), "requests waiting for t.me work at most");
    static final Setting<Integer> EVENT_LOOPS = add("EVENT_LOOPS", integer(1, 256),
            computed("number of cores", in -> cores()), "HTTP server instances, one per event loop");
    static final Setting<Boolean> NATIVE_TRANSPORT = add("NATIVE_TRANSPORT", flag(), is("true"),
            "epoll where it loads; false: NIO");
    static final Setting<Integer> TELEGRAM_MAX_CONCURRENCY = add("TELEGRAM_MAX_CONCURRENCY", integer(1, 4096),
            is("32"), "t.me requests in flight at once in this server");
    static final Setting<Integer> UPSTREAM_QUEUE_LIMIT = add("UPSTREAM_QUEUE_LIMIT", integer(0, 4096), is("16"),
            "loads waiting per slot");
    static final Setting<Double> TELEGRAM_RATE = add("TELEGRAM_RATE", number(0.01, 100_000), is("10"),
            "fleet-wide t.me requests per second");
    static final Setting<Integer> TELEGRAM_BURST = add("TELEGRAM_BURST", integer(1, 100_000), is("20"),
            "fleet-wide burst on top of the rate");
    static final Setting<Double> TELEGRAM_LOCAL_RATE = add("TELEGRAM_LOCAL_RATE", number(0.01, 100_000),
            sameAs(TELEGRAM_RATE), "this server's rate while Redis is unset or unreachable");
    static final Setting<Integer> TELEGRAM_LOCAL_BURST = add("TELEGRAM_LOCAL_BURST", integer(1, 100_000),
            sameAs(TELEGRAM_BURST), "this server's burst while Redis is unset or unreachable");
    static final Setting<Integer> GRAPHQL_MAX_DEPTH = add("GRAPHQL_MAX_DEPTH", integer(1, 100), is("8"),
            "levels of fields a GraphQL query may ask for");
    static final Setting<Integer> GRAPHQL_MAX_COST = add("GRAPHQL_MAX_COST", integer(1, 10_000), is("100"),
            "t.me page loads a GraphQL query may cause");
    static final Setting<Integer> GRAPHQL_MAX_TOKENS = add("GRAPHQL_MAX_TOKENS", integer(50, 100_000), is("2000"),
            "grammar tokens a GraphQL query may have");
    static final Setting<Boolean> GRAPHIQL = add("GRAPHIQL", flag(), is("true"), "serve GraphiQL at /graphiql/");
    static final Setting<Integer> GRAPHQL_CONCURRENCY = add("GRAPHQL_CONCURRENCY", integer(1, 256),
            computed("half the cores, at least 1", in -> GraphQLConfig.defaultConcurrency()),
            "threads that run GraphQL queries");
    static final Setting<Integer> GRAPHQL_QUEUE_LIMIT = add("GRAPHQL_QUEUE_LIMIT", integer(1, 100_000), is("64"),
            "GraphQL queries waiting for a thread");
    static final Setting<Duration> GRAPHQL_TIMEOUT = add("GRAPHQL_TIMEOUT", positiveDuration(), is("5s"),
            "how long a GraphQL query may take");
    static final Setting<Integer> GRAPHQL_MAX_FIELDS = add("GRAPHQL_MAX_FIELDS", integer(1, 100_000_000),
            is("250000"), "fields a GraphQL query may resolve by its estimate");
    static final Setting<Integer> GRAPHQL_MAX_RESPONSE_BYTES = add("GRAPHQL_MAX_RESPONSE_BYTES",
            integer(1024, 1_073_741_824), is("8388608"), "bytes a GraphQL answer may have");
    static final Setting<Boolean> DISABLE_DOCS = add("DISABLE_DOCS", flag(), is("false"),
            "true: no /openapi.json, no Swagger UI");
    static final Setting<Duration> SHUTDOWN_DRAIN = add("SHUTDOWN_DRAIN", nonNegativeDuration(), is("0s"),
            "how long a stopping server keeps serving with /readyz at 503");
    static final Setting<Role> ROLE = add("ROLE", choice(Role.class), is("api"), "what this process does");
    static final Setting<Duration> REFRESH_INTERVAL = add("REFRESH_INTERVAL", positiveDuration(), is("60s"),
            "how often a registered channel is refreshed");
    static final Setting<Duration> REFRESH_IDLE = add("REFRESH_IDLE", positiveDuration(), is("1h"),
            "a channel no feed asked for this long drops off the schedule");
    static final Setting<Duration> REFRESH_CLAIM_FOR = add("REFRESH_CLAIM_FOR", positiveDuration(), is("30s"),
            "how long a claimed channel stays a refresher's");
    static final Setting<Duration> REFRESH_BACKOFF_MAX = add("REFRESH_BACKOFF_MAX", positiveDuration(), is("30m"),
            "longest wait after repeated failures of one channel");
    static final Setting<Integer> REFRESH_BATCH = add("REFRESH_BATCH", integer(1, 1000), is("16"),
            "channels claimed in one round trip");
    static final Setting<Integer> REFRESH_CONCURRENCY = add("REFRESH_CONCURRENCY", integer(1, 1000), is("8"),
            "refreshes one refresher runs at once");
    static final Setting<Duration> REFRESH_TICK = add("REFRESH_TICK", positiveDuration(), is("1s"),
            "how often a refresher looks for due channels");
    static final Setting<Duration> REFRESH_STOP_GRACE = add("REFRESH_STOP_GRACE", nonNegativeDuration(), is("5s"),
            "how long refreshes in flight may finish on SIGTERM");
    static final Setting<Duration> FEED_FRESH_TTL = add("FEED_FRESH_TTL", positiveDuration(), is("60s"),
            "how long a feed takes a latest page as fresh");
    static final Setting<Duration> FEED_STALE_TTL = add("FEED_STALE_TTL", positiveDuration(), is("15m"),
            "up to this age a feed serves a page while it refreshes");
    static final Setting<Integer> FEED_MAX_PAGES = add("FEED_MAX_PAGES", integer(1, FeedRequest.MOST_PAGES), is("5"),
            "the most pages per channel a feed may ask for (`pages=N`)");
    static final Setting<Boolean> ACCESS_LOG = add("ACCESS_LOG", flag(), is("true"), "one line per request");
    static final Setting<TrustedProxies> TRUSTED_PROXIES = add("TRUSTED_PROXIES",
            parsedBy("addresses, CIDR blocks", TrustedProxies::parse), computed("empty", in -> TrustedProxies.none()),
            "proxies whose CF-Connecting-IP and X-Forwarded-For name the client");
    static final Setting<Double> CLIENT_RATE = add("CLIENT_RATE", number(0, 1_000_000), is("0", "off"),
            "requests per second each client may send");
    static final Setting<Integer> CLIENT_BURST = add("CLIENT_BURST", integer(1, 10_000_000),
            computed("twice `CLIENT_RATE` (at least 1)", in -> RequestsConfig.defaultBurst(in.get(CLIENT_RATE))),
            "requests a client may send at once");
    static final Setting<Integer> EVENTS_MAX_LENGTH = add("EVENTS_MAX_LENGTH", integer(10, 1_000_000), is("1000"),
            "new-post events kept per channel");
    static final Setting<Duration> EVENTS_KEEP = add("EVENTS_KEEP", positiveDuration(), is("7d"),
            "how long a channel's events are kept after its last new post");
    static final Setting<Integer> STREAM_MAX_CLIENTS = add("STREAM_MAX_CLIENTS", integer(1, 1_000_000),
            is("10000"), "SSE streams one server keeps open");
    static final Setting<Integer> STREAM_MAX_PER_CLIENT = add("STREAM_MAX_PER_CLIENT", integer(1, 10_000), is("8"),
            "SSE streams one client keeps open");
    static final Setting<Duration> STREAM_HEARTBEAT = add("STREAM_HEARTBEAT", positiveDuration(), is("15s"),
            "how often an SSE stream sends a heartbeat");
    static final Setting<Boolean> WEBSUB_ALLOW_PRIVATE = add("WEBSUB_ALLOW_PRIVATE", flag(), is("false"),
            "allow WebSub callbacks on non-public addresses (tests only)");
    static final Setting<Duration> WEBSUB_LEASE_DEFAULT = add("WEBSUB_LEASE_DEFAULT", positiveDuration(), is("10d"),
            "a subscription's lease when none is asked for");
    static final Setting<Duration> WEBSUB_LEASE_MAX = add("WEBSUB_LEASE_MAX", positiveDuration(), is("30d"),
            "the longest lease granted");
    static final Setting<Integer> WEBSUB_MAX_PER_TOPIC = add("WEBSUB_MAX_PER_TOPIC", integer(1, 1_000_000),
            is("1000"), "subscriptions per topic");
    static final Setting<Integer> WEBSUB_MAX_PER_HOST = add("WEBSUB_MAX_PER_HOST", integer(1, 1_000_000), is("100"),
            "subscriptions per callback host");
    static final Setting<Duration> WEBSUB_TIMEOUT = add("WEBSUB_TIMEOUT", positiveDuration(), is("10s"),
            "one call to a callback");
    static final Setting<Duration> WEBSUB_RETRY_FOR = add("WEBSUB_RETRY_FOR", positiveDuration(), is("1h"),
            "how long unanswered deliveries are retried");
    static final Setting<Duration> WEBSUB_DELIVERY_LEASE = add("WEBSUB_DELIVERY_LEASE", positiveDuration(),
            is("60s"), "how long a delivery stays one server's claim");
    static final Setting<Integer> WEBSUB_MAX_POSTS = add("WEBSUB_MAX_POSTS", integer(1, FeedRequest.MAX_LIMIT),
            is("100"), "posts one delivery carries");
    static final Setting<Optional<URI>> PUBLIC_URL = add("PUBLIC_URL", httpUrl().optional(), unset("unset"),
            "the address readers reach the service at");
    static final Setting<MediaMode> MEDIA_MODE = add("MEDIA_MODE", choice(MediaMode.class), is("redirect"),
            "what /v1/media answers: a redirect or the bytes");
    static final Setting<Duration> MEDIA_URL_TTL = add("MEDIA_URL_TTL", positiveDuration(), is("12h"),
            "how long a CDN URL is used after its page was loaded");
    static final Setting<HostAllowList> MEDIA_HOSTS = add("MEDIA_HOSTS",
            parsedBy("host patterns, comma-separated", HostAllowList::parse), is(HostAllowList.TELEGRAM_CDN),
            "the only hosts media is fetched from or redirected to");
    static final Setting<Integer> MEDIA_MAX_BYTES = add("MEDIA_MAX_BYTES", integer(1, Integer.MAX_VALUE),
            is("67108864", "64 MiB"), "the largest file streamed");
    static final Setting<Integer> MEDIA_STREAMS = add("MEDIA_STREAMS", integer(1, 100_000), is("256"),
            "CDN streams at once per process");
    static final Setting<Duration> MEDIA_TIMEOUT = add("MEDIA_TIMEOUT", positiveDuration(), is("10s"),
            "connecting to the CDN, and its longest silence");
    static final Setting<Double> CLIENT_UPSTREAM_SHARE = add("CLIENT_UPSTREAM_SHARE", number(0.001, 1),
            is("0.25"), "the most of TELEGRAM_RATE one client may spend");
    static final Setting<Integer> CLIENT_UPSTREAM_BURST = add("CLIENT_UPSTREAM_BURST", integer(1, 100_000),
            sameAs(TELEGRAM_BURST), "loads one client may start at once");
    static final Setting<Duration> CLIENT_UPSTREAM_WAITING_WINDOW = add("CLIENT_UPSTREAM_WAITING_WINDOW",
            durationUpTo(Duration.ofHours(1)), is("2s"),
            "how recently another client must have asked t.me for a client's share to bind");
    static final Setting<Integer> HISTORY_MAX_POSTS = add("HISTORY_MAX_POSTS", integer(1, 1_000_000), is("5000"),
            "posts one /v1/history request may stream at most");
    static final Setting<Duration> HTTP_IDLE_TIMEOUT = add("HTTP_IDLE_TIMEOUT", durationUpTo(Duration.ofDays(1)),
            is("60s"), "a connection with nothing written this long is closed");
    static final Setting<Duration> HTTP_HEAD_TIMEOUT = add("HTTP_HEAD_TIMEOUT", durationUpTo(Duration.ofDays(1)),
            is("10s"), "how long a request's headers may take");
    static final Setting<Duration> HTTP_BODY_TIMEOUT = add("HTTP_BODY_TIMEOUT", durationUpTo(Duration.ofDays(1)),
            is("30s"), "how long a request's body may take");
    static final Setting<Integer> MAX_CONNECTIONS = add("MAX_CONNECTIONS", integer(1, 10_000_000), is("16384"),
            "connections the process keeps open");
    static final Setting<Integer> MAX_CONNECTIONS_PER_ADDRESS = add("MAX_CONNECTIONS_PER_ADDRESS",
            integer(1, 10_000_000), is("256"), "connections one peer address keeps open");

    /**
     * Prefixes only our settings use: a variable with one of them that is no setting is a misspelling (before, a
     * {@code REDIS_URI} started the server with Redis off and no word). {@code HTTP_} and {@code MAX_} are left out:
     * other software's variables ({@code HTTP_PROXY}) share them.
     */
    static final List<String> OUR_PREFIXES = List.of("TELEGRAM_", "REDIS_", "CACHE_", "MEMORY_", "CLIENT_",
            "STREAM_", "WEBSUB_", "MEDIA_", "REFRESH_", "GRAPHQL_", "EVENTS_", "FEED_", "UPSTREAM_", "PARSER_",
            "PARSE_", "SHUTDOWN_");

    private Settings() {}

    /** Every setting, in the order they are read. */
    static List<Setting<?>> all() {
        return Collections.unmodifiableList(ALL);
    }

    private static <T> Setting<T> add(String name, Kind<T> kind, Default<T> fallback, String doc) {
        if (!NAMES.add(name)) {
            throw new IllegalStateException(name + " is declared twice");
        }
        Setting<T> setting = new Setting<>(name, kind, fallback, doc);
        if (fallback instanceof Literal<T> literal) {
            literal.value(setting, null); // a default its own setting refuses fails the class, not a start-up
        }
        ALL.add(setting);
        return setting;
    }

    private static <T> Default<T> is(String text) {
        return new Literal<>(text, "");
    }

    private static <T> Default<T> is(String text, String note) {
        return new Literal<>(text, note);
    }

    private static <T> Default<T> sameAs(Setting<T> other) {
        return new SameAs<>(other);
    }

    private static <T> Default<T> computed(String cell, Function<EnvReader, T> compute) {
        return new Computed<>(cell, compute);
    }

    /** Unset means the component chooses (an optional setting). */
    private static <T> Default<Optional<T>> unset(String cell) {
        return new Computed<>(cell, in -> Optional.empty());
    }

    /** Unset, the memory plan sizes the pool from the JVM's limits. */
    private static Default<Optional<Integer>> planned(String cell) {
        return unset(cell);
    }

    private static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
