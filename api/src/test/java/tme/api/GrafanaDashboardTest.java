package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/grafana-dashboard.json} imports as a dashboard on a chosen Prometheus data source, and every metric
 * its queries name exists in what the fleet really serves ({@link ServedMetrics}): a renamed metric breaks this test,
 * not the operator's dashboard.
 */
class GrafanaDashboardTest {

    static final Path DASHBOARD = Path.of(System.getProperty("user.dir")).resolveSibling("docs")
            .resolve("grafana-dashboard.json");
    /** PromQL's functions and keywords, and the label names our queries group by: what is not a metric. */
    static final Set<String> NOT_METRICS = Set.of("sum", "max", "min", "avg", "rate", "increase", "irate",
            "histogram_quantile", "scalar", "deriv", "by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or",
            "unless", "offset", "label_values", "le", "level", "route", "status", "outcome", "source", "reason",
            "priority", "instance", "to", "coding", "kind", "field", "area", "id", "pool", "limit");
    static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    static JsonObject dashboard;
    static ServedMetrics served;

    @BeforeAll
    static void load() throws IOException {
        dashboard = new JsonObject(Files.readString(DASHBOARD));
        served = ServedMetrics.shared();
    }

    @Test
    void dashboard_asksForAPrometheusDataSource_andEveryPanelUsesIt() {
        JsonObject variable = dashboard.getJsonObject("templating").getJsonArray("list").getJsonObject(0);
        assertEquals("datasource", variable.getString("type"));
        assertEquals("prometheus", variable.getString("query"));
        Set<Integer> ids = new HashSet<>();
        for (JsonObject panel : panels()) {
            assertTrue(ids.add(panel.getInteger("id")), "panel ids are unique: " + panel.getInteger("id"));
            if (!"row".equals(panel.getString("type"))) {
                assertEquals("${datasource}", panel.getJsonObject("datasource").getString("uid"), panel.getString("title"));
                assertFalse(panel.getJsonArray("targets").isEmpty(), panel.getString("title"));
                assertFalse(panel.getString("description", "").isBlank(), "says what it shows: " + panel.getString("title"));
            }
        }
    }

    @Test
    void everyMetricTheDashboardQueries_isServed() {
        Set<String> queried = new TreeSet<>();
        expressions().forEach(expr -> queried.addAll(metricsIn(expr)));

        Set<String> missing = new TreeSet<>(queried);
        missing.removeAll(served.names());
        assertEquals(Set.of(), missing, "queried by the dashboard but not served");
        assertTrue(queried.containsAll(List.of("tme_gate_budget_tokens_taken_total", "tme_gate_budget_tokens_per_second",
                "tme_upstream_429_total", "tme_gate_queue_largest_flow", "tme_refresh_lag_p99_seconds",
                "tme_redis_breaker_state", "tme_http_requests_seconds_bucket", "tme_scrape_misses_total")), "the panels the issue asks for: " + queried);
    }

    @Test
    void metricsIn_findsMetricNamesOnly() {
        assertEquals(Set.of("tme_http_requests_seconds_bucket"), metricsIn("histogram_quantile(0.99, sum by (le, level)"
                + " (rate(tme_http_requests_seconds_bucket{instance=~\"$instance\",level=\"l1\"}[$__rate_interval])))"));
        assertEquals(Set.of("tme_cache_lookups_total"), metricsIn("label_values(tme_cache_lookups_total, instance)"));
    }

    /** Metric names in a PromQL expression: identifiers outside label matchers, ranges and strings, not functions. */
    static Set<String> metricsIn(String expr) {
        String bare = expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ")
                .replaceAll("\\$\\w+", " ");
        Set<String> names = new TreeSet<>();
        Matcher identifier = IDENTIFIER.matcher(bare);
        while (identifier.find()) {
            String name = identifier.group();
            if (!NOT_METRICS.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    private static List<JsonObject> panels() {
        List<JsonObject> all = new ArrayList<>();
        dashboard.getJsonArray("panels").forEach(panel -> all.add((JsonObject) panel));
        return all;
    }

    private static List<String> expressions() {
        List<String> all = new ArrayList<>();
        for (JsonObject panel : panels()) {
            JsonArray targets = panel.getJsonArray("targets", new JsonArray());
            targets.forEach(target -> all.add(((JsonObject) target).getString("expr")));
        }
        dashboard.getJsonObject("templating").getJsonArray("list").forEach(variable -> {
            Object query = ((JsonObject) variable).getValue("query");
            if (query instanceof JsonObject promql) {
                all.add(promql.getString("query"));
            }
        });
        return all;
    }
}
