package tme.api;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tme.api.metrics.Readiness;
import tme.api.metrics.Telemetry;
import tme.cache.CacheConfig;
import tme.coalescing.refresh.RefreshConfig;
import tme.coalescing.refresh.RefreshOutcome;
import tme.coalescing.refresh.Refresher;
import tme.coalescing.refresh.Schedule;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;

/**
 * Everything the fleet serves at {@code /metrics}, for the tests that check the docs and the dashboard against it: a
 * real server on a real Redis after a miss, a hit and a 429 from t.me (so the request and upstream series exist), and
 * a refresher worker's series (the refresher role serves those; no API server runs one).
 */
final class ServedMetrics {

    final PrometheusText server;
    final PrometheusText refresher;

    private ServedMetrics(PrometheusText server, PrometheusText refresher) {
        this.server = server;
        this.refresher = refresher;
    }

    private static ServedMetrics scraped;

    /** Scraped once for every test class that asks (each scrape starts Redis and a server). */
    static synchronized ServedMetrics shared() {
        if (scraped == null) {
            scraped = scrape();
        }
        return scraped;
    }

    private static ServedMetrics scrape() {
        try (RedisServer redis = RedisServer.start();
             TestServer api = new TestServer(Map.of("REDIS_URL", redis.url()))) {
            api.tme.throttle("/s/throttled", Duration.ofSeconds(30));
            CacheHttp.get(api, "/v1/body/durov"); // a miss
            CacheHttp.get(api, "/v1/body/durov"); // an L1 hit
            CacheHttp.get(api, "/v1/body/throttled"); // t.me's 429
            return new ServedMetrics(PrometheusText.of(api), refresher(redis));
        }
    }

    /** Sample names ({@code tme_http_requests_seconds_bucket}, ...) of both. */
    Set<String> names() {
        Set<String> all = new TreeSet<>(server.names());
        all.addAll(refresher.names());
        return all;
    }

    /** Metric families of both, by their {@code # TYPE} lines. */
    Set<String> families() {
        Set<String> all = new TreeSet<>(server.families());
        all.addAll(refresher.families());
        return all;
    }

    /** A refresher worker on the schedule in Redis, as the refresher role runs it, scraped as a server would be. */
    private static PrometheusText refresher(RedisServer redis) {
        Vertx vertx = Vertx.vertx();
        RedisLink link = RedisLink.create(vertx, CacheConfig.defaults().withRedis(redis.url()).redis().orElseThrow(),
                InstantSource.system());
        try (Telemetry telemetry = new Telemetry(new Readiness(Optional.of(link::breakerState), Optional::empty))) {
            Schedule schedule = Schedule.redis(link, RefreshConfig.defaults(), InstantSource.system());
            Refresher worker = new Refresher(vertx, schedule,
                    name -> Future.succeededFuture(RefreshOutcome.refreshed()), RefreshConfig.defaults(),
                    InstantSource.system());
            telemetry.gather(worker::counters).gather(schedule::counters).gather(link::counters);
            return PrometheusText.parse(telemetry.scrape(null).text());
        } finally {
            TestServer.await(vertx.close());
        }
    }
}
