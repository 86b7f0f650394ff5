package tme.api;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.internal.VertxInternal;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import tme.api.graphql.GraphQLFront;
import tme.api.http.AccessLog;
import tme.api.http.ConnectionBounds;
import tme.api.http.RequestClock;
import tme.api.http.RequestPipeline;
import tme.api.http.Routes;
import tme.api.memory.DirectRoom;
import tme.api.push.OwnLoads;
import tme.api.push.PostChanges;
import tme.api.push.PostEvents;
import tme.api.push.PostStreams;
import tme.api.push.PushLoop;
import tme.api.push.StreamChannels;
import tme.api.push.Watchers;
import tme.api.render.DecodedCopies;
import tme.api.service.ChangedAnswers;
import tme.api.service.EditTimes;
import tme.api.service.ChannelName;
import tme.api.service.FeedDocuments;
import tme.api.websub.WebSub;
import tme.api.media.MediaConfig;
import tme.api.media.MediaService;
import tme.api.media.MediaStreams;
import tme.api.metrics.Readiness;
import tme.api.outbound.GuardedClient;
import tme.api.outbound.Resolver;
import tme.api.metrics.Telemetry;
import tme.api.service.ChannelRefresh;
import tme.api.service.ChannelService;
import tme.api.service.FeedService;
import tme.api.service.Metrics;
import tme.api.service.MissingChannels;
import tme.api.service.NewPosts;
import tme.api.service.Pages;
import tme.api.service.PreviewsService;
import tme.api.service.ScrapeStats;
import tme.cache.L2;
import tme.cache.TwoLevelCache;
import tme.coalescing.Asker;
import tme.coalescing.CoalescingCache;
import tme.coalescing.CoalescingConfig;
import tme.coalescing.LeaseTimes;
import tme.coalescing.Leases;
import tme.coalescing.gate.UpstreamGate;
import tme.coalescing.refresh.Refresher;
import tme.coalescing.refresh.RefresherVerticle;
import tme.coalescing.refresh.Schedule;
import tme.events.EventLog;
import tme.events.Tail;
import tme.redis.Generation;
import tme.redis.RedisLink;
import tme.scraper.fetch.TmeClient;

/** Builds every object with {@code new}, in dependency order, and starts the HTTP server. */
public final class Main {

    /** The JDK's log format, when the command line sets none: {@link #ONE_LINE} rather than its two lines a message. */
    private static final String LOG_FORMAT = "java.util.logging.SimpleFormatter.format";
    /** {@code 2026-12-02T02:40:28.123+0000 INFO tme.api.Main: tme-api listening on 0.0.0.0 port 8080 ...}, a throwable after. */
    private static final String ONE_LINE = "%1$tFT%1$tT.%1$tL%1$tz %4$s %3$s: %5$s%6$s%n";

    static {
        // Before the first logger: one message is one line (a log shipper reads it whole, "listening" is line 1).
        if (System.getProperty(LOG_FORMAT) == null) {
            System.setProperty(LOG_FORMAT, ONE_LINE);
        }
    }

    private static final System.Logger LOG = System.getLogger(Main.class.getName());
    /** Previews fetched at once for one {@code /v1/previews} request. */
    private static final int PREVIEWS_PARALLELISM = 8;
    /** Channel pages loaded at once for one feed build, as many as previews. */
    private static final int FEED_PARALLELISM = 8;
    /** Pooled keep-alive connections to t.me. */
    private static final int UPSTREAM_CONNECTIONS = 64;
    /** Redirects a CDN answer may take a media fetch through (each checked against {@code MEDIA_HOSTS}). */
    private static final int MEDIA_REDIRECTS = 3;
    /** How long requests in flight may take to finish when the process is asked to stop. */
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);
    /** Where the channels' event logs live in Redis: {@code tme:events:{<channel>}}. */
    private static final String EVENTS_PREFIX = "tme:events:";
    /** How often this server reads the logs of the channels someone listens to, and how much at a time. */
    private static final Duration TAIL_EVERY = Duration.ofMillis(500);
    private static final int TAIL_BATCH = 100;
    /** Host name lookups for callbacks: at most this many at once, this many waiting, each answered within this. */
    private static final int LOOKUP_THREADS = 4;
    private static final int LOOKUP_QUEUE = 256;
    private static final Duration LOOKUP_DEADLINE = Duration.ofSeconds(5);
    /** How often each server asks Redis whether it lost its data: push is back within this of Redis returning. */
    private static final Duration GENERATION_EVERY = Duration.ofSeconds(2);

    private Main() {}

    public static void main(String[] args) {
        Config config;
        try {
            config = Config.fromEnv(System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        config.warnings().forEach(warning -> LOG.log(System.Logger.Level.WARNING, warning));
        Vertx vertx = Vertx.vertx(vertxOptions(config));
        start(vertx, config, InstantSource.system())
                .onSuccess(running -> {
                    HttpServer server = running.server();
                    LOG.log(System.Logger.Level.INFO, config.role() == Role.REFRESHER
                                    ? "tme-api refresher, /healthz, /readyz and /metrics on {6} port {0,number,#}, {4} "
                                    + "transport (t.me at {1}, Redis {2}, every {5})"
                                    : "tme-api listening on {6} port {0,number,#} on {3} event loops, {4} transport, "
                                    + "{7} parse workers {8} (t.me at {1}, Redis {2})",
                            server.actualPort(), config.telegramBaseUrl(), config.cache().redisUrl().orElse("off"),
                            config.eventLoops(), vertx.isNativeTransportEnabled() ? "native" : "NIO",
                            config.refresh().interval(), config.host(), config.parseWorkers(),
                            config.parsePriority().resolved().name().toLowerCase());
                    // After "listening": a start-up says that first (issue 20); how memory was shared out comes next.
                    LOG.log(System.Logger.Level.INFO, config.memory().line());
                    StopSignals.install(signal -> stopGracefully(vertx, running, signal));
                })
                .onFailure(e -> {
                    Optional<String> bind = BindFailure.reason(e);
                    if (bind.isPresent()) {
                        // A setting or another process, not a bug: one line naming the address, no stack trace.
                        LOG.log(System.Logger.Level.ERROR, "Could not listen on {0} port {1,number,#}: {2}",
                                config.host(), config.port(), bind.get());
                    } else {
                        LOG.log(System.Logger.Level.ERROR, "Could not start", e);
                    }
                    vertx.close();
                    System.exit(1);
                });
    }

    /**
     * On SIGTERM (a deploy, a scale-down) or SIGINT: {@link Running#stop}, waited for on the signal's thread, said
     * when it starts and when it is done; true when it finished cleanly within its deadline.
     */
    private static boolean stopGracefully(Vertx vertx, Running running, String signal) {
        long began = System.nanoTime();
        LOG.log(System.Logger.Level.INFO, "{0}: stopping: /readyz answers 503, serving on for {1,number,#} ms"
                        + " (SHUTDOWN_DRAIN), then requests in flight get up to {2,number,#} ms", signal,
                running.drain().toMillis(), SHUTDOWN_GRACE.toMillis());
        try {
            // Called from this (non Vert.x) thread, so its completion does not need a running event loop.
            running.stop(vertx).toCompletionStage().toCompletableFuture()
                    .get(running.drain().toMillis() + SHUTDOWN_GRACE.toMillis() + 5_000, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.log(System.Logger.Level.WARNING, "Shutdown did not finish cleanly", e);
            return false;
        }
        LOG.log(System.Logger.Level.INFO, "stopped in {0,number,#} ms", (System.nanoTime() - began) / 1_000_000);
        return true;
    }

    /**
     * The pool that parses, renders and compresses loads: under {@code SCHED_IDLE} where {@code PARSE_PRIORITY} says
     * so (by default, where the server leads its own session), so an event loop woken for a hit takes a core from a
     * parse at once ({@link WorkerPriority#IDLE}).
     */
    static WorkerExecutor parsers(Vertx vertx, Config config) {
        return IdleWorkers.of(vertx.createSharedWorkerExecutor("tme-parse", config.parseWorkers(), 30,
                TimeUnit.SECONDS), config.parsePriority().resolved());
    }

    /** epoll where Netty's native library loads (Linux), unless {@code NATIVE_TRANSPORT=false}; else NIO. */
    static VertxOptions vertxOptions(Config config) {
        return new VertxOptions().setPreferNativeTransport(config.nativeTransport());
    }

    /**
     * A started server: its first HTTP server (whose port every instance shares), whether it should get traffic, and
     * how long it keeps serving once told to stop, with {@code /readyz} at 503, so load balancers drain it.
     */
    public record Running(HttpServer server, Readiness readiness, Duration drain) {

        /**
         * What SIGTERM does: not ready from now on, serving on for {@code drain}, then every verticle is undeployed
         * (each {@link ApiVerticle} lets requests in flight finish for up to {@link #SHUTDOWN_GRACE}, the refresher
         * hands its names back), and only then Vert.x closes, running the close hooks (the access log, the metrics)
         * and closing Redis, the t.me connections and the worker pool. Undeployed first because {@code
         * Vertx.close()} runs its close hooks before it undeploys: the log would stop while requests still end.
         */
        public Future<Void> stop(Vertx vertx) {
            readiness.stopping();
            Promise<Void> drained = Promise.promise();
            if (drain.isPositive()) {
                vertx.setTimer(drain.toMillis(), id -> drained.complete());
            } else {
                drained.complete();
            }
            return drained.future().compose(done -> undeployAll(vertx)).eventually(vertx::close);
        }

        private static Future<Void> undeployAll(Vertx vertx) {
            return Future.join(vertx.deploymentIDs().stream().map(vertx::undeploy).toList()).mapEmpty();
        }
    }

    /**
     * Wires the server for a config and a clock; tests call this with a fake t.me and a test clock. {@code ROLE=api}
     * answers the HTTP server every route is on; {@code ROLE=refresher} deploys the refresher over the same services
     * instead, and answers the server of its {@code /healthz} and {@code /metrics}.
     */
    public static Future<Running> start(Vertx vertx, Config config, InstantSource clock) {
        return start(vertx, config, clock, AccessLog.stdout());
    }

    /** As above, the access log's lines going to {@code accessLog} (tests read them there). */
    public static Future<Running> start(Vertx vertx, Config config, InstantSource wallClock, AccessLog.Sink accessLog) {
        // Every part reads this clock: a request answered ahead of the router reads it once (RequestClock).
        RequestClock clock = RequestClock.over(wallClock);
        // The pool never caps below the gate's slots: the slots decide how many requests t.me sees at once.
        TmeClient client = new TmeClient(vertx, new TmeClient.Options(config.telegramBaseUrl(), config.telegramTimeout(),
                Math.max(UPSTREAM_CONNECTIONS, config.slots().maxConcurrency())));
        WorkerExecutor parsers = parsers(vertx, config);
        // A hit's own work off the loop (a decompressed or gzip copy of a stored answer, a decoded copy for GraphQL)
        // has threads of its own: behind the parses of a burst of misses, a hit would wait for loads it never asked
        // for. Loads (parsing, building feeds, comparing pages) stay on the parsers.
        WorkerExecutor answerWork = vertx.createSharedWorkerExecutor(
                "tme-answer", config.parseWorkers(), 30, TimeUnit.SECONDS);
        // Without REDIS_URL the server runs on L1 alone; with it, Redis is L2 and carries the leases, the fleet's
        // cooldown and its budget, all on the same link.
        Optional<RedisLink> redis = config.cache().redis().map(settings -> RedisLink.create(vertx, settings, clock));
        // Before anything runs on the loops: the first Redis connection, waited for up to its start-up grace.
        StartWarmUp.run(redis, config.cache().redisStartGrace().plus(config.cache().redisTimeout()).plusSeconds(1));
        // Redis restarted empty or flushed: each part that keeps fleet state there puts it back (onWiped).
        Optional<Generation> generation = redis.map(link -> Generation.watch(link, GENERATION_EVERY));
        generation.ifPresent(watch -> onClose(vertx, watch));
        UpstreamGate gate = UpstreamGate.create(config.slots(), config.throttle(), config.clientShare(),
                config.telegramTimeout(), redis, clock, vertx);
        Pages pages = new Pages(client, gate, parsers, config.parserMode(), new ScrapeStats());
        TwoLevelCache levels = TwoLevelCache.create(config.cache(), clock, redis.map(link -> L2.redis(link, clock,
                config.cache().staleness(), config.pushChanges())).orElse(L2.none()));
        if (config.role() != Role.REFRESHER && config.pushChanges()) {
            levels.followChanges(); // a page another server or the refresher just loaded replaces our copy at once
        }
        // A request shed for waiting too long is told to come back when the slots are likely to have room.
        CoalescingCache cache = CoalescingCache.create(levels, leases(vertx, config, clock, redis),
                coalescing(config), clock, vertx, () -> atLeastASecond(gate.estimatedWait()));
        MissingChannels missing = new MissingChannels(levels, clock, config.ttls().notFound());
        // Feeds register their channels here and every latest-page load says so; without Redis, nothing is kept.
        Schedule schedule = redis.map(link -> Schedule.redis(link, config.refresh(), clock)).orElse(Schedule.none());
        // Every new post a latest-page load finds goes to its channel's log: in Redis for the fleet, else in memory.
        EventLog events = redis.map(link -> EventLog.redis(link, EVENTS_PREFIX, config.push().eventsMaxLength(),
                config.push().eventsKeep())).orElseGet(() -> EventLog.local(config.push().eventsMaxLength(), clock));
        // New posts each latest-page load finds, published to their channel's log; kept when Redis is out of reach.
        PostEvents postEvents = new PostEvents(events, parsers);
        // Redis lost its data: each log gets back the mark this server knows, then the posts it could not append
        // during the outage, then the schedule the names this server registered: the kept posts are offered before a
        // refresher's claim of the channel can append newer ones (whose mark would drop them).
        generation.ifPresent(watch -> watch.onWiped(() -> {
            events.restoreMarks();
            postEvents.offerKept();
            schedule.restore();
        }));
        // Edits and deletions each latest-page load finds against the page it replaces: facts in the same logs, and
        // the cached answers holding those posts dropped (feeds are tagged with their channels as they are built).
        ChangedAnswers changedAnswers = new ChangedAnswers(cache, config.parserMode(),
                config.cache().staleness().keepFor(config.ttls().latest()).plus(config.ttls().latest()));
        PostChanges postChanges = new PostChanges(events, parsers, changedAnswers::changed);
        ChannelService channels = new ChannelService(pages, cache, missing, config.parserMode(), config.ttls(), schedule,
                NewPosts.all(postEvents, postChanges)).tagging(changedAnswers);
        PreviewsService previews = new PreviewsService(channels::preview, PREVIEWS_PARALLELISM);
        // Stored answers decoded once, read by GraphQL's fields and the feed builds alike (MEMORY_CACHE_DECODED_MB).
        DecodedCopies decoded = DecodedCopies.bounded(config.graphql().decodedMb() * 1024L * 1024L, answerWork);
        levels.onDeparted((value, successor) -> decoded.forget(value)); // a tree lives no longer than its value
        FeedService feeds = new FeedService(channels, cache, schedule, config.parserMode(), feedTimes(config), clock,
                parsers, FEED_PARALLELISM, config.publicUrl(), config.feedMaxPages())
                .tagging(changedAnswers, EditTimes.from(events)).readingPagesFrom(decoded);
        Routes.Media media = media(vertx, config.media(), channels, clock);
        boolean refresher = config.role() == Role.REFRESHER;
        EventLoopRequests loops = new EventLoopRequests(refresher ? 1 : config.eventLoops());
        RequestPipeline requests = RequestPipeline.create(config.requests(), clock, accessLog);
        onClose(vertx, requests::stop);
        GraphQLFront graphql = GraphQLFront.create(channels, previews, feeds, config.graphql(), clock, answerWork,
                decoded, requests::client);
        onClose(vertx, graphql);
        // Made in every role (nothing runs until it is started), so its counters are one source like the others.
        Refresher refreshes = new Refresher(vertx, schedule,
                new ChannelRefresh(channels, parsers, config.refresh().interval(), clock), config.refresh(), clock);
        Supplier<Map<String, Long>> refreshing = refresher ? refreshes::counters : Map::of;
        // The read path's counters (cache levels, coalescing, pages, parser), the gate's, the t.me client's, the
        // requests each event loop served, the feed's, the schedule's and, in a refresher, its worker's; then the
        // access log's and the client limit's.
        Metrics metrics = new Metrics(List.of(channels::counters, gate::counters,
                () -> Metrics.upstream(client.stats()), loops::counters, graphql::counters, feeds::counters,
                schedule::counters, refreshing, media.service()::counters));
        Readiness readiness = new Readiness(redis.map(link -> link::breakerState), gate::cooldownLeft);
        ConnectionBounds connections = new ConnectionBounds(config.connections(), config.requests().trustedProxies());
        Telemetry telemetry = new Telemetry(readiness).gather(metrics::snapshot).gather(requests::counters)
                .gather(events::counters).gather(postEvents::counters).gather(config.memory()::counters)
                .gather(connections::counters);
        onClose(vertx, telemetry);
        if (refresher) {
            return vertx.deployVerticle(new RefresherVerticle(refreshes))
                    .compose(id -> serve(vertx, config, 1, Routes.operations(telemetry, parsers), loops,
                            requests.invalidRequests(), connections))
                    .map(server -> running(server, readiness, config));
        }
        long copiesMaxBytes = config.rawCopiesMaxMb() * 1024L * 1024L;
        feeds.withHub();
        FeedDocuments documents = new FeedDocuments(channels, feeds, config.feedPages(), clock, parsers,
                FEED_PARALLELISM);
        Routes.Push push = push(vertx, config, redis, generation, events, postEvents, channels, schedule, telemetry,
                requests, documents, clock);
        Function<Vertx, Router> routers = Routes.routers(channels, previews, feeds, telemetry,
                Routes.GraphQL.of(graphql::handle, config.graphql().graphiql()), config.docs(), clock, copiesMaxBytes,
                DirectRoom.of(config.memory()), answerWork, parsers, requests, push, media, config.historyMaxPosts(),
                levels);
        return serve(vertx, config, config.eventLoops(), routers, loops, requests.invalidRequests(), connections)
                .map(server -> running(server, readiness, config));
    }

    /**
     * The push routes over the event log: the channels streams listen to are kept current (registered with the
     * schedule; without Redis or while it is out of reach, loaded by this server every {@code REFRESH_INTERVAL}) and
     * their new events followed.
     */
    private static Routes.Push push(Vertx vertx, Config config, Optional<RedisLink> redis,
                                    Optional<Generation> generation, EventLog events, PostEvents postEvents,
                                    ChannelService channels, Schedule schedule, Telemetry telemetry,
                                    RequestPipeline requests, FeedDocuments documents,
                                    InstantSource clock) {
        Duration interval = config.refresh().interval();
        // Push runs on a context of its own: the tail and the hub's watch and deliverer keep their state there.
        PushLoop loop = PushLoop.create(vertx);
        Tail tail = new Tail(vertx, loop.context(), events, TAIL_EVERY, TAIL_BATCH).start();
        // Without Redis, or while its breaker is open (no refresher can claim then), this server polls its watched
        // channels itself: every quarter interval, reloading a page once it is 7/8 of an interval old. A page loaded
        // between two rounds (a reader's miss) then puts the next reload off by at most a quarter interval, where one
        // round per interval skipped it for a whole interval more; in steady state it is still one t.me load per
        // interval. With Redis the rounds are as frequent (registering is remembered, so a round costs nothing then),
        // so the own loads begin, and the posts kept meanwhile are offered, within a quarter interval of a change.
        Duration rounds = interval.dividedBy(4);
        Duration youngEnough = interval.minus(rounds.dividedBy(2));
        OwnLoads own = new OwnLoads(() -> redis.isPresent() && !redis.get().bypassing(),
                name -> channels.refreshLatest(ChannelName.parse("channel", name), youngEnough, Asker.background(name)),
                postEvents);
        Watchers watchers = new Watchers(vertx, tail, schedule, rounds, own);
        onClose(vertx, watchers);
        PostStreams streams = new PostStreams(events, watchers, new StreamChannels(channels), config.push().streams(),
                requests.clients()::remembered);
        // Callbacks' host names are looked up on threads of our own, bounded, each lookup within a deadline.
        Resolver resolver = Resolver.system(vertx, LOOKUP_THREADS, LOOKUP_QUEUE, LOOKUP_DEADLINE);
        onClose(vertx, resolver);
        GuardedClient callbacks = WebSub.callbackClient(vertx, resolver, config.push().websub());
        onClose(vertx, callbacks);
        WebSub websub = new WebSub(vertx, loop, callbacks, redis, generation, events, config.push().websub(),
                config.publicUrl().map(URI::toString), clock, watchers, documents);
        onClose(vertx, websub);
        telemetry.gather(streams::counters).gather(watchers::counters).gather(websub::counters);
        return new Routes.Push(streams, websub.handler());
    }

    /**
     * The durable media links: their service over the channel service's entries, and for stream mode the one guarded
     * client to the CDN (closed with Vert.x), on {@code MEDIA_HOSTS}, with its time, size and concurrency bounds.
     */
    private static Routes.Media media(Vertx vertx, MediaConfig config, ChannelService channels, InstantSource clock) {
        MediaService service = new MediaService(channels, config.hosts(), config.urlTtl(), clock);
        GuardedClient client = new GuardedClient(vertx, config.hosts(), new GuardedClient.Limits(config.timeout(),
                MEDIA_REDIRECTS, config.maxBytes(), config.streams()));
        onClose(vertx, client);
        return new Routes.Media(config.mode(), service, new MediaStreams(service, client, config.streams()));
    }

    /** Serving: ready from now on, draining for {@code SHUTDOWN_DRAIN} when told to stop. */
    private static Running running(HttpServer server, Readiness readiness, Config config) {
        readiness.serving();
        return new Running(server, readiness, config.shutdownDrain());
    }

    /**
     * Closes {@code resource} when Vert.x closes. {@link Running#stop} undeploys the servers before that; a bare
     * {@code vertx.close()} runs this hook first, while requests may still end.
     */
    private static void onClose(Vertx vertx, AutoCloseable resource) {
        ((VertxInternal) vertx).addCloseHook(closed -> {
            try {
                resource.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "Could not close " + resource, e);
            }
            closed.succeed();
        });
    }

    /** As {@link #onClose(Vertx, AutoCloseable)} for what stops in its own time: Vert.x goes on once it has. */
    private static void onClose(Vertx vertx, Supplier<CompletionStage<Void>> stop) {
        ((VertxInternal) vertx).addCloseHook(closed -> stop.get().whenComplete((done, failure) -> closed.succeed()));
    }

    /**
     * A feed's pages as the feed tolerates them; a built feed fresh as long as a latest page is, or only as long
     * as a failure is remembered when a channel failed for a passing reason.
     */
    private static FeedService.Times feedTimes(Config config) {
        return new FeedService.Times(config.feedPages(), config.ttls().latest(), config.errorTtl(),
                config.ttls().notFound());
    }

    /**
     * Deploys the HTTP server {@code instances} times over the same services, all on one port (port 0: one random
     * port they share, which Vert.x spells -1); answers the first instance's server, whose port is everyone's.
     */
    private static Future<HttpServer> serve(Vertx vertx, Config config, int instances,
                                            Function<Vertx, Router> routers, EventLoopRequests loops,
                                            Handler<HttpServerRequest> invalidRequests,
                                            ConnectionBounds connections) {
        int port = config.port() == 0 ? -1 : config.port();
        AtomicInteger instance = new AtomicInteger();
        List<ApiVerticle> deployed = new CopyOnWriteArrayList<>();
        return vertx.deployVerticle(() -> {
            ApiVerticle verticle = new ApiVerticle(routers, serverOptions(config.host()), port, SHUTDOWN_GRACE,
                    loops.of(instance.getAndIncrement()), invalidRequests, connections);
            deployed.add(verticle);
            return verticle;
        }, new DeploymentOptions().setInstances(instances)).map(id -> deployed.getFirst().server());
    }

    /**
     * HTTP/1.1 only on plain sockets. Compression is ours (stored zstd passes through), not Netty's. No h2c: an
     * L1 hit answers the upgrade request at once, so the 101 and a whole answer in HTTP/2 frames arrive together,
     * which clients mishandle (JDK HttpClient: "Frame type(123) ... exceeds MAX_FRAME_SIZE"; curl 7.88: "connection
     * buffer size is too small ... following HTTP Upgrade"). Clients asking for h2c simply get HTTP/1.1; the edge
     * (Cloudflare) talks HTTP/1.1 to origins without TLS anyway.
     */
    private static HttpServerOptions serverOptions(String host) {
        return new HttpServerOptions().setHost(host).setCompressionSupported(false).setHttp2ClearTextEnabled(false)
                // No WebSockets here: without this, every HTTP/1 pipeline carries Netty's WebSocket extension
                // handler, which looks at every request.
                .setPerFrameWebSocketCompressionSupported(false)
                .setPerMessageWebSocketCompressionSupported(false);
    }

    private static Duration atLeastASecond(Duration wait) {
        return wait.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : wait;
    }

    private static CoalescingConfig coalescing(Config config) {
        return CoalescingConfig.defaults()
                .withRefreshWindow(config.earlyRefreshWindow())
                .withErrorTtl(config.errorTtl())
                .withMaxWaiting(config.maxWaiting())
                .withMaxWait(CoalescingConfig.maxWaitFor(config.telegramTimeout()));
    }

    /** Leases on the cache's Redis link, unless there is no Redis or {@code SHARED_COALESCING=false}. */
    private static Leases leases(Vertx vertx, Config config, InstantSource clock, Optional<RedisLink> redis) {
        return redis.filter(link -> config.sharedCoalescing())
                .map(link -> Leases.redis(link, vertx, clock, LeaseTimes.defaults(), config.cache().staleness()))
                .orElse(Leases.none());
    }
}
