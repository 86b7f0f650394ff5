package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.CacheHttp.header;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;
import tme.scraper.testing.Surprises;

/**
 * {@code GET /metrics} in the Prometheus text format, through the production router: exact values after known
 * traffic for the request timer (by route template, status and answering level), the budget, and 429s by source.
 */
class MetricsEndpointTest {

    static final String BODY = "/v1/body/durov";
    static final String ROUTE = "route=\"/v1/body/:channel\"";

    final TestClock clock = new TestClock();
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void metrics_prometheusText_neverCached_everyCounterNamed() {
        HttpResponse<String> metrics = server.get("/metrics");

        assertEquals(200, metrics.statusCode());
        assertEquals("text/plain; version=0.0.4; charset=utf-8", header(metrics, "Content-Type"));
        assertEquals("no-store", header(metrics, "Cache-Control"));
        PrometheusText text = PrometheusText.parse(metrics.body());
        assertFalse(text.names().contains("tme_unmapped"), "every gathered counter has a Prometheus name:\n" + text);
        assertTrue(text.names().containsAll(List.of("jvm_memory_used_bytes", "process_cpu_usage",
                "jvm_buffer_memory_used_bytes")), "the JVM's own series");
    }

    @Test
    void metrics_openMetrics_whenTheScraperAsksForIt() {
        HttpResponse<String> metrics = server.get("/metrics", "Accept",
                "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");

        assertEquals("application/openmetrics-text; version=1.0.0; charset=utf-8", header(metrics, "Content-Type"));
        assertTrue(metrics.body().endsWith("# EOF\n"), "OpenMetrics ends with # EOF");
        assertEquals(0, PrometheusText.parse(metrics.body()).count("tme_cache_puts_total"));
    }

    @Test
    void requests_countedByRouteTemplateStatusAndLevel() {
        assertEquals(200, CacheHttp.get(server, BODY).statusCode()); // a miss
        assertEquals(200, CacheHttp.get(server, BODY).statusCode()); // an L1 hit
        assertEquals(200, CacheHttp.get(server, BODY + "/").statusCode()); // the same route, a trailing slash
        assertEquals(422, CacheHttp.get(server, "/v1/body/-bad-").statusCode()); // via the failure handler
        assertEquals(405, server.post(BODY, "{}").statusCode()); // no route takes POST here
        assertEquals(404, CacheHttp.get(server, "/nowhere").statusCode());
        assertEquals(200, CacheHttp.get(server, "/healthz").statusCode());

        PrometheusText metrics = PrometheusText.of(server);
        String timer = "tme_http_requests_seconds_count";
        assertEquals(1, metrics.count(timer + "{" + ROUTE + ",status=\"200\",level=\"upstream\"}"));
        assertEquals(2, metrics.count(timer + "{" + ROUTE + ",status=\"200\",level=\"l1\"}"));
        assertEquals(1, metrics.count(timer + "{" + ROUTE + ",status=\"422\",level=\"none\"}"));
        assertEquals(1, metrics.count(timer + "{" + ROUTE + ",status=\"405\",level=\"none\"}"));
        assertEquals(1, metrics.count(timer + "{route=\"other\",status=\"404\",level=\"none\"}"));
        assertEquals(1, metrics.count(timer + "{route=\"/healthz\",status=\"200\",level=\"none\"}"));
        assertEquals(7, Math.round(metrics.sum(timer)), "each request once; this scrape ends after it is written");
    }

    @Test
    void requestTimer_hasTheSloBuckets() {
        CacheHttp.get(server, BODY);
        CacheHttp.get(server, BODY);

        PrometheusText metrics = PrometheusText.of(server);
        String hits = "{" + ROUTE + ",status=\"200\",level=\"l1\"";
        // One L1 hit (the first GET loaded): each bucket counts it from its bound on, so the counts never fall.
        long below = 0;
        for (String bound : List.of("0.001", "0.002", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0",
                "2.5", "+Inf")) {
            long within = metrics.count("tme_http_requests_seconds_bucket" + hits + ",le=\"" + bound + "\"}");
            assertTrue(within >= below, "cumulative: le=" + bound + " counts " + within + ", the bucket below " + below);
            below = within;
        }
        assertEquals(1, below, "+Inf: the one hit");
        assertTrue(metrics.value("tme_http_requests_seconds_sum" + hits + "}") > 0);
    }

    @Test
    void budget_tokensTakenAgainstTheFleetsTokensPerSecond() {
        CacheHttp.get(server, BODY);
        CacheHttp.get(server, "/v1/body/durov?position=490");

        PrometheusText metrics = PrometheusText.of(server);
        assertEquals(2, metrics.count("tme_gate_budget_taken_last_minute"));
        assertEquals(10 * 60 + 20, metrics.count("tme_gate_budget_available_per_minute"), "TELEGRAM_RATE x 60 + burst");
        assertEquals(2, metrics.count("tme_gate_budget_tokens_taken_total"));
        assertEquals(10.0, metrics.value("tme_gate_budget_tokens_per_second"), "TELEGRAM_RATE, the fleet's");
        assertEquals(32, metrics.count("tme_gate_slots_capacity"));
        assertEquals(2, metrics.count("tme_gate_slots_granted_total"));
        assertEquals(0, metrics.count("tme_gate_slots_in_use{priority=\"reader\"}"));
    }

    @Test
    void tmeThrottling_countsA429FromTme_andTheCooldown() {
        server.tme.throttle(Duration.ofSeconds(30));

        assertEquals(503, CacheHttp.get(server, BODY).statusCode());
        assertEquals(503, CacheHttp.get(server, "/v1/body/other").statusCode()); // refused at once, not sent

        PrometheusText metrics = PrometheusText.of(server);
        assertEquals(1, metrics.count("tme_upstream_429_total{source=\"tme\"}"));
        assertEquals(0, metrics.count("tme_upstream_429_total{source=\"proxy\"}"));
        assertEquals(1, metrics.count("tme_upstream_requests_total{outcome=\"throttled\"}"));
        assertEquals(1, metrics.count("tme_gate_cooldown_active"));
        double remaining = metrics.value("tme_gate_cooldown_remaining_seconds");
        assertTrue(remaining >= 30 && remaining <= 31, "30s and at most 1s of jitter: " + remaining);
        assertEquals(1, metrics.count("tme_gate_cooldowns_total{origin=\"here\"}"));
        assertEquals(1, metrics.count("tme_gate_refused_total{reason=\"cooldown\"}"));
        assertEquals(0, metrics.count("tme_gate_budget_available_per_minute"), "no token is available");
        assertEquals(10.0, metrics.value("tme_gate_budget_tokens_per_second"), "the fleet's budget stays what it is");
        assertEquals(2, metrics.count("tme_http_requests_seconds_count{" + ROUTE + ",status=\"503\",level=\"none\"}"));
        assertEquals(1, server.tme.totalHits());

        clock.advance(Duration.ofMinutes(2));
        assertEquals(0, PrometheusText.of(server).count("tme_gate_cooldown_active"));
    }

    @Test
    void proxyThrottling_countsA429FromTheProxy() {
        server.tme.respondEverywhere(429, Surprises.proxyError(429), Surprises.nginxHeaders());

        assertEquals(503, CacheHttp.get(server, BODY).statusCode());

        PrometheusText metrics = PrometheusText.of(server);
        assertEquals(1, metrics.count("tme_upstream_429_total{source=\"proxy\"}"));
        assertEquals(0, metrics.count("tme_upstream_429_total{source=\"tme\"}"));
        assertEquals(1, metrics.count("tme_upstream_requests_total{outcome=\"intercepted\"}"));
        assertEquals(1, metrics.count("tme_gate_pause_signals_total{source=\"proxy\"}"));
        assertEquals(1, metrics.count("tme_gate_cooldown_active"));
    }
}
