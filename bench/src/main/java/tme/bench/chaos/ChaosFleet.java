package tme.bench.chaos;

import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import tme.redis.testing.RedisProxy;
import tme.redis.testing.RedisServer;
import tme.scraper.testing.FakeTme;

/**
 * Everything the chaos run starts: one {@code redis-server}; a {@link RedisProxy} per process in front of it (so one
 * server's link can be bent alone); a fake t.me (in this JVM) showing its newest 20 published posts; API servers
 * {@code a} and {@code b} and a refresher, each a process; 3 WebSub subscribers (subscribed to {@code a}'s Atom feed
 * of the channel); 10 SSE readers, 5 starting on {@code a} and 5 on {@code b}.
 */
final class ChaosFleet implements AutoCloseable {

    private static final Duration READY_WITHIN = Duration.ofSeconds(90);

    final RedisServer redis = RedisServer.start();
    final RedisProxy linkA = RedisProxy.to(redis);
    final RedisProxy linkB = RedisProxy.to(redis);
    final RedisProxy linkRefresher = RedisProxy.to(redis);
    final Vertx vertx = Vertx.vertx();
    final FakeTme tme = FakeTme.start(vertx).anyChannelAs("durov").showPublished(20);
    final ApiProcess a;
    final ApiProcess b;
    final ApiProcess refresher;
    final List<WebSubListener> subscribers = new ArrayList<>();
    final List<SseReader> readers = new ArrayList<>();

    ChaosFleet(Path work, Path jar, List<String> javaOptions) {
        a = new ApiProcess("api-a", env(linkA, "api"), work, jar, javaOptions);
        b = new ApiProcess("api-b", env(linkB, "api"), work, jar, javaOptions);
        refresher = new ApiProcess("refresher", env(linkRefresher, "refresher"), work, jar, javaOptions);
    }

    /** The settings of a server of this run: push within seconds, callbacks on loopback, one loopback client. */
    private Map<String, String> env(RedisProxy link, String role) {
        Map<String, String> env = new HashMap<>();
        env.put("ROLE", role);
        env.put("REDIS_URL", link.url());
        env.put("TELEGRAM_BASE_URL", tme.baseUrl().toString());
        env.put("REFRESH_INTERVAL", "2s");
        env.put("REFRESH_TICK", "100ms");
        env.put("MEMORY_CACHE_MAX_TTL", "1s");
        env.put("WEBSUB_ALLOW_PRIVATE", "true");
        env.put("WEBSUB_TIMEOUT", "5s");
        env.put("WEBSUB_DELIVERY_LEASE", "12s");
        env.put("CLIENT_UPSTREAM_SHARE", "1");
        env.put("MAX_CONNECTIONS_PER_ADDRESS", "100000");
        env.put("STREAM_MAX_PER_CLIENT", "100");
        env.put("ACCESS_LOG", "false");
        return env;
    }

    /** Starts the servers, subscribes the subscribers and opens the readers; waits until each is in place. */
    void start() throws Exception {
        for (ApiProcess process : List.of(a, b, refresher)) {
            process.start();
        }
        for (ApiProcess process : List.of(a, b, refresher)) {
            process.awaitHealthy();
        }
        String topic = "http://127.0.0.1:" + a.port + "/v1/feed?channels=" + Publisher.CHANNEL + "&format=atom";
        for (int i = 1; i <= 3; i++) {
            WebSubListener subscriber = new WebSubListener("sub" + i, vertx);
            subscribers.add(subscriber);
            int status = subscriber.subscribe(a.port, topic);
            if (status != 202) {
                throw new IllegalStateException("subscribing " + subscriber.receipts.name + " answered " + status);
            }
        }
        await("3 subscriptions verified", () -> subscribers.stream().allMatch(s -> s.verifications() >= 1));
        for (int i = 1; i <= 10; i++) {
            List<Integer> ports = i <= 5 ? List.of(a.port, b.port) : List.of(b.port, a.port);
            readers.add(new SseReader("r" + i, ports).start());
        }
        await("10 SSE readers connected", () -> readers.stream().allMatch(SseReader::connected));
        await("the channel's first page (the baseline) in Redis",
                () -> "1".equals(redis.command("EXISTS", "tme:v1:full:body:" + Publisher.CHANNEL + ":0")));
    }

    /** Every reader's and subscriber's receipts: the readers first, then the subscribers. */
    List<Receipts> receivers() {
        return Stream.concat(readers.stream().map(r -> r.receipts), subscribers.stream().map(s -> s.receipts))
                .toList();
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within " + READY_WITHIN + ": " + what);
            }
            Thread.sleep(100); // polling the fleet; the deadline bounds it
        }
    }

    @Override
    public void close() throws Exception {
        readers.forEach(SseReader::close);
        for (ApiProcess process : List.of(a, b, refresher)) {
            process.close();
        }
        subscribers.forEach(WebSubListener::close);
        tme.close();
        WebSubListener.await(vertx.close());
        for (RedisProxy link : List.of(linkA, linkB, linkRefresher)) {
            link.close();
        }
        redis.close();
    }
}
