package tme.coalescing.refresh;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import tme.cache.testing.Await;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * A real redis-server, one Vert.x and a test clock; each {@link #schedule()} has its own link, as each process of a
 * fleet would. Reads the schedule's keys straight from Redis, so tests check what another process would see.
 */
final class ScheduleHarness implements AutoCloseable {

    static final String DUE = "tme:v1:{refresh}:due";
    static final String ASKED = "tme:v1:{refresh}:asked";
    static final String LOADED = "tme:v1:{refresh}:loaded";
    static final String CLAIMS = "tme:v1:{refresh}:claims";
    static final String FAILURES = "tme:v1:{refresh}:failures";
    static final String DEPTHS = "tme:v1:{refresh}:depths";

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final Vertx vertx = Vertx.vertx();
    final RefreshConfig config;
    private final List<RedisLink> links = new ArrayList<>();

    ScheduleHarness(RefreshConfig config) {
        this.config = config;
    }

    Schedule schedule() {
        RedisConfig redisConfig = new RedisConfig(redis.url(), Duration.ofSeconds(2), 8, 3, Duration.ofSeconds(10),
                Duration.ofSeconds(30));
        RedisLink link = RedisLink.create(vertx, redisConfig, clock);
        links.add(link);
        return Schedule.redis(link, config, clock);
    }

    Refresher refresher(Schedule schedule, Refresh refresh) {
        return new Refresher(vertx, schedule, refresh, config, clock);
    }

    static List<String> names(int count) {
        return IntStream.range(0, count).mapToObj(i -> "channel" + i).toList();
    }

    /** The name's due time in Redis, or null when it is not scheduled. */
    Instant due(String name) {
        String score = redis.command("ZSCORE", DUE, name);
        return score == null ? null : Instant.ofEpochMilli(Long.parseLong(score));
    }

    String field(String hash, String name) {
        return redis.command("HGET", hash, name);
    }

    long scheduled() {
        return Long.parseLong(redis.command("ZCARD", DUE));
    }

    @Override
    public void close() {
        redis.close();
        Await.result(vertx.close());
    }
}
