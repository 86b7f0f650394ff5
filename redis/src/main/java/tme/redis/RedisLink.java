package tme.redis;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.RedisReplicas;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import tme.redis.RedisReply.Unreached;

/**
 * The one way to Redis: a pooled Vert.x client, a deadline on every command and a circuit breaker.
 *
 * <p>The cache's L2 is built on it, and leases (module {@code coalescing}) send their Lua scripts through it,
 * so both share the pool, the timeout, the breaker and the counters. Commands never throw because Redis is
 * slow or down: they answer {@link RedisReply.Unavailable}, and the caller degrades.
 *
 * <p>One Redis, or a Redis Cluster ({@link RedisConfig#clustered()}): then the client learns the nodes and their
 * slots from the seeds, routes each command by its keys (a script by its KEYS) to the master of their slot, and
 * follows MOVED and ASK. Replicas are never read ({@link RedisReplicas#NEVER}): a claim and the reads around it
 * must see the same master, and replicas are there for failover. Keys are passed through untouched; the callers
 * give every key family its hash tag (see {@code docs/caching.md}). One breaker covers the whole cluster.
 */
public final class RedisLink {

    static final System.Logger LOG = System.getLogger(RedisLink.class.getName());

    final Vertx vertx;
    final InstantSource clock;
    final Redis redis;
    // How the pool connects: a subscription opens its own connection the same way (Subscription).
    final RedisOptions options;
    final boolean clustered;
    // How many commands may hold connections at once: unlimited on one Redis, the pool size on a cluster.
    final ConnectPermits permits;
    final long timeoutMillis;
    final int poolSize;
    final CircuitBreaker breaker;
    final Counters<RedisCount> counters = new Counters<>(RedisCount.class, EnumSet.allOf(RedisCount.class));
    // Connections taken from the pool and not yet given back: tells "pool full" from "Redis unresponsive".
    final AtomicInteger busyConnections = new AtomicInteger();
    private final List<Subscription> subscriptions = new CopyOnWriteArrayList<>();

    private RedisLink(Vertx vertx, RedisOptions options, RedisConfig config, InstantSource clock,
                      ConnectPermits permits) {
        this.vertx = vertx;
        this.clock = clock;
        this.options = options;
        this.clustered = config.clustered();
        this.redis = Redis.createClient(vertx, options);
        this.permits = permits;
        this.timeoutMillis = Math.max(1, config.timeout().toMillis());
        this.poolSize = config.poolSize();
        this.breaker = new CircuitBreaker(clock, config.breakerErrors(), config.breakerWindow(),
                config.breakerOpenFor(), config.startGrace(), new BreakerLog());
    }

    /** A link to {@code config.url()}; connects lazily, so a Redis that is down at start-up is not fatal. */
    public static RedisLink create(Vertx vertx, RedisConfig config, InstantSource clock) {
        RedisOptions options = new RedisOptions()
                .setMaxPoolSize(config.poolSize())
                // Unbounded queue: our own deadline ends every wait, and a wait is a miss, not an error.
                .setMaxPoolWaiting(-1)
                .setNetClientOptions(new NetClientOptions()
                        .setConnectTimeout((int) Math.max(1, config.timeout().toMillis()))
                        .setTcpNoDelay(true));
        if (!config.clustered()) {
            options.setConnectionString(config.url());
            return new RedisLink(vertx, options, config, clock, ConnectPermits.unlimited());
        }
        // A spare connection per node for the client's own slot-map reloads (see ConnectPermits); with the permits
        // nothing waits in the client's queue, which the cluster client wants bounded (at least the pool size).
        int perNode = config.poolSize() + 1;
        options.setType(RedisClientType.CLUSTER)
                .setUseReplicas(RedisReplicas.NEVER)
                .setMaxPoolSize(perNode)
                .setMaxPoolWaiting(perNode);
        config.nodes().forEach(options::addConnectionString);
        LOG.log(System.Logger.Level.INFO, "Redis Cluster mode, seed nodes " + config.nodes());
        return new RedisLink(vertx, options, config, clock, ConnectPermits.of(config.poolSize()));
    }

    public Future<RedisReply<Response>> send(Request request) {
        return run(connection -> connection.send(request));
    }

    /**
     * Pipelines the requests on one connection: one round trip, answers in request order. On a cluster each goes to
     * the node of its own key (ours name one key: one node, one round trip).
     */
    public Future<RedisReply<List<Response>>> batch(List<Request> requests) {
        return run(connection -> pipeline(connection, requests));
    }

    /** Whether this is a link to a Redis Cluster (no subscriptions: {@link #subscribe}). */
    public boolean clustered() {
        return clustered;
    }

    /** Whether the breaker currently bypasses Redis. */
    public boolean bypassing() {
        return breaker.isOpen();
    }

    /** Where the breaker stands: closed (commands go to Redis), half open (one probe out), open (bypassed). */
    public BreakerState breakerState() {
        return breaker.state();
    }

    /**
     * {@code redis.*} counters: breaker openings, errors, timeouts, bypassed calls, pool waits; the breaker's other
     * transitions ({@code redis.breaker.half_opened}, {@code redis.breaker.closed}) and its state now
     * ({@code redis.breaker.state}, {@link BreakerState#gauge()}).
     */
    public SortedMap<String, Long> counters() {
        SortedMap<String, Long> all = new TreeMap<>(counters.snapshot());
        CircuitBreaker.Transitions transitions = breaker.transitions();
        all.put("redis.breaker.half_opened", transitions.halfOpened());
        all.put("redis.breaker.closed", transitions.closed());
        all.put("redis.breaker.state", (long) breaker.state().gauge());
        return all;
    }

    /** A {@link RepeatLog} for {@code logger} on this link's clock: one line a minute per kind of Redis failure. */
    public RepeatLog repeatLog(System.Logger logger) {
        return RepeatLog.perMinute(logger, clock);
    }

    /** Counts a value read from Redis that its reader could not decode (another version's layout, foreign data). */
    public void countUnreadableValue() {
        counters.increment(RedisCount.UNREADABLE);
    }

    /**
     * Messages published to {@code channel}, from now on, to {@code messages} (on the subscription's event loop); on
     * one Redis only: a Cluster's link answers empty (its callers do without).
     */
    public Optional<Subscription> subscribe(String channel, Handler<Buffer> messages) {
        if (clustered) {
            return Optional.empty();
        }
        Subscription subscription = new Subscription(this, channel, messages);
        subscriptions.add(subscription);
        subscription.connect();
        return Optional.of(subscription);
    }

    public Future<Void> close() {
        subscriptions.forEach(Subscription::close);
        return redis.close();
    }

    private <T> Future<RedisReply<T>> run(Function<RedisConnection, Future<T>> command) {
        if (!breaker.tryAcquire()) {
            counters.increment(RedisCount.BYPASSED);
            return Future.succeededFuture(new RedisReply.Unavailable<>(Unreached.BREAKER_OPEN));
        }
        return new RedisAttempt<>(this, command).start();
    }

    /**
     * Sends every request before any answer arrives, like Vert.x's own {@code batch}, but keeps each failure as
     * it is: Vert.x's batch merges them into one error text, which hides a broken connection (a Redis error)
     * behind what looks like an error reply (Redis reached). A broken connection is reported first.
     */
    private static Future<List<Response>> pipeline(RedisConnection connection, List<Request> requests) {
        List<Future<Response>> answers = requests.stream().map(connection::send).toList();
        return Future.join(answers).transform(done -> {
            Throwable failure = answers.stream().filter(Future::failed).map(Future::cause)
                    .min(Comparator.comparing(RedisAttempt::isErrorReplyFromRedis)) // false (broken) first
                    .orElse(null);
            return failure == null
                    ? Future.succeededFuture(answers.stream().map(Future::result).toList())
                    : Future.failedFuture(failure);
        });
    }

    /**
     * Connects and asks Redis once ({@code PING}), from the calling thread: a server calls it at start, before
     * anything runs on the event loops, so loading the client's classes and opening the first connection blocks no
     * loop, and the start-up grace ends with Redis's first answer. Completes when Redis answered or could not be
     * reached; never fails.
     */
    public Future<RedisReply<Response>> warmUp() {
        return send(Request.cmd(Command.PING));
    }

    /** Counts every opening; logs each opening and closing, with how long the breaker has been open. */
    private final class BreakerLog implements CircuitBreaker.Listener {

        @Override
        public void opened(Duration openSince) {
            counters.increment(RedisCount.BREAKER_OPENED);
            LOG.log(System.Logger.Level.WARNING, openSince.isZero()
                    ? "Redis breaker opened: serving from memory for the next " + breaker.openFor().toSeconds() + " s"
                    : "Redis breaker stays open: the probe failed, open for " + openSince.toSeconds() + " s so far");
        }

        @Override
        public void closed(Duration wasOpen) {
            LOG.log(System.Logger.Level.INFO, "Redis breaker closed: Redis answered again after "
                    + wasOpen.toSeconds() + " s open");
        }
    }
}
