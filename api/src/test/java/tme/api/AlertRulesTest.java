package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/alerts.yml} is valid Prometheus rules ({@code promtool check rules}, where installed), every metric its
 * expressions name is served, and {@code docs/operations.md}'s Alerts table shows the same rules with the same
 * expressions. That the budget alert fires for a fleet is {@link BudgetAlertFleetTest}'s.
 */
class AlertRulesTest {

    @Test
    void rules_passPromtoolWhereItIsInstalled() {
        if (Promtool.installed().isEmpty()) {
            return; // the tests below still read the file; CI machines without the package check those
        }
        Promtool.Said said = Promtool.run(null, "check", "rules", AlertRules.FILE.toString());
        assertEquals(0, said.exitCode(), said.output());
        assertTrue(said.output().contains("SUCCESS: " + AlertRules.expressions().size() + " rules found"), said.output());
    }

    @Test
    void everyMetricTheRulesName_isServed() {
        Set<String> named = new TreeSet<>();
        AlertRules.expressions().values().forEach(expr -> named.addAll(GrafanaDashboardTest.metricsIn(expr)));

        Set<String> missing = new TreeSet<>(named);
        missing.removeAll(ServedMetrics.shared().names());
        assertEquals(Set.of(), missing, "named by docs/alerts.yml but not served");
        assertTrue(named.containsAll(Set.of("tme_gate_budget_tokens_taken_total", "tme_gate_budget_tokens_per_second")),
                named.toString());
    }

    @Test
    void operationsTable_showsTheSameRules() throws IOException {
        assertEquals(AlertRules.expressions(), documented());
    }

    /** The Alerts table of {@code docs/operations.md}: its Rule column and its PromQL, as the file writes them. */
    private static Map<String, String> documented() throws IOException {
        String doc = Files.readString(MetricsDocsTest.OPERATIONS);
        String alerts = doc.substring(doc.indexOf("### Alerts"), doc.indexOf("## Failure modes"));
        Map<String, String> rules = new LinkedHashMap<>();
        for (String line : alerts.split("\n")) {
            // A markdown table escapes the pipes inside a cell; the rule's PromQL has them bare.
            String[] cells = line.replace("\\|", "\u0000").split("\\|");
            if (cells.length > 3 && cells[2].strip().matches("`[A-Za-z0-9]+`")) {
                rules.put(unquote(cells[2]), unquote(cells[3]).replace('\u0000', '|'));
            }
        }
        return rules;
    }

    private static String unquote(String cell) {
        String stripped = cell.strip();
        return stripped.substring(1, stripped.length() - 1);
    }
}
