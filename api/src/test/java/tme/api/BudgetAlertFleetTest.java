package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.api.FleetClient.Reply;

/**
 * The budget alert of {@code docs/alerts.yml} fires for a fleet: three server processes on one Redis, a budget of
 * {@value #RATE} tokens a second, sent uncached channels round robin at half the budget, then at 95% of it.
 * {@code /metrics} of each is scraped at the start and end of each spell, and the alert's expression evaluated over
 * those samples: by {@code promtool test rules} where it is installed, and always here in Java.
 *
 * <p>The samples are placed on the test's own clock: a spell of n requests sent at a fraction f of the rate lasts
 * n / (f x rate) seconds, whatever a busy machine made of the wall clock (the sends are paced on it, late ones sent at
 * once). What the test checks is the servers': that their counters, each server's own, add up to every token the
 * fleet took, that they all report the same fleet budget, and that the shipped rule over those two fires at 95% and
 * not at 50%. The samples are extended at the spell's rate for the rule's {@code for: 10m}.
 */
class BudgetAlertFleetTest {

    static final int RATE = 6;
    static final String TAKEN = "tme_gate_budget_tokens_taken_total";
    static final String BUDGET = "tme_gate_budget_tokens_per_second";
    /** The rule's threshold: the fleet's use over its budget. */
    static final double FIRES_ABOVE = 0.9;

    final Fleet fleet = new Fleet(0, Map.of(), InstantSource.system());
    final FleetClient client = new FleetClient();
    final List<FleetProcess> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        client.close();
        fleet.close();
    }

    @Test
    void threeServersTogetherAt95PercentOfTheBudget_fireTheAlert_andAt50PercentDoNot() throws IOException {
        fleet.tme.anyChannelAs("durov");
        for (int i = 0; i < 3; i++) {
            servers.add(fleet.process(Map.of("TELEGRAM_RATE", Integer.toString(RATE), "TELEGRAM_BURST", "2",
                    "TELEGRAM_TIMEOUT", "30s", "ACCESS_LOG", "false")));
        }
        assertAll200(spell("warm", 3, 0.5));

        Scrape start = scrape();
        Spell half = new Spell(start, 15, 0.5);
        assertAll200(spell("half", half.requests, half.fraction));
        half.end(scrape());
        Spell high = new Spell(half.ended, 38, 0.95);
        assertAll200(spell("high", high.requests, high.fraction));
        high.end(scrape());

        for (Spell spell : List.of(half, high)) {
            assertEquals(spell.requests, spell.tokens().stream().mapToDouble(Double::doubleValue).sum(),
                    "each server counted its own tokens, and together every token the fleet took: " + spell.tokens());
            assertEquals(List.of((double) RATE, (double) RATE, (double) RATE), spell.ended.budgets,
                    "every server reports the fleet's budget");
        }
        assertEquals(0.5, half.utilization(), 1e-9);
        assertEquals(0.95, high.utilization(), 1e-9);
        assertTrue(high.largestServerShare() < FIRES_ABOVE, "one server alone (the old max() of each server's share) "
                + "reads " + high.largestServerShare() + ": it would not fire");
        System.out.printf("budget alert: half %.2f, high %.2f of the budget on the test's clock; on the wall clock "
                + "%.2f and %.2f%n", half.utilization(), high.utilization(), half.wallUtilization(),
                high.wallUtilization());

        if (Promtool.installed().isEmpty()) {
            return; // evaluated above in Java; CI machines without the package stop here
        }
        Path tests = Files.createTempFile("budget-alert-", ".yml");
        try {
            Files.writeString(tests, promtoolTests(half, high));
            Promtool.Said said = Promtool.run(null, "test", "rules", tests.toString());
            assertEquals(0, said.exitCode(), said.output() + "\n" + Files.readString(tests));
        } finally {
            Files.deleteIfExists(tests);
        }
    }

    /** {@code count} uncached channels, round robin over the servers, paced at {@code fraction} of the rate. */
    private List<CompletableFuture<Reply>> spell(String name, int count, double fraction) {
        long every = (long) (1e9 / (fraction * RATE));
        long start = System.nanoTime();
        List<CompletableFuture<Reply>> sent = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            long at = start + k * every;
            for (long left = at - System.nanoTime(); left > 0; left = at - System.nanoTime()) {
                LockSupport.parkNanos(left); // pacing the load, not waiting for an outcome
            }
            sent.add(client.get(servers.get(k % servers.size()).port, "/v1/body/" + name + k));
        }
        return sent;
    }

    private static void assertAll200(List<CompletableFuture<Reply>> sent) {
        List<Reply> replies = FleetClient.all(sent);
        assertTrue(replies.stream().allMatch(reply -> reply.status() == 200),
                "every load took a token and was answered: " + FleetClient.tally(replies, Reply::status));
    }

    private Scrape scrape() {
        List<Double> taken = new ArrayList<>();
        List<Double> budgets = new ArrayList<>();
        for (FleetProcess server : servers) {
            PrometheusText metrics = server.metrics();
            taken.add(metrics.value(TAKEN));
            budgets.add(metrics.value(BUDGET));
        }
        return new Scrape(System.nanoTime(), taken, budgets);
    }

    /** Each server's counter and gauge at one moment, in the servers' order. */
    record Scrape(long nanoTime, List<Double> taken, List<Double> budgets) {}

    /** {@code requests} sent at {@code fraction} of the rate, between two scrapes. */
    static final class Spell {
        final Scrape started;
        final int requests;
        final double fraction;
        Scrape ended;

        Spell(Scrape started, int requests, double fraction) {
            this.started = started;
            this.requests = requests;
            this.fraction = fraction;
        }

        void end(Scrape scrape) {
            ended = scrape;
        }

        /** How long it lasts on the test's clock. */
        double seconds() {
            return requests / (fraction * RATE);
        }

        /** Each server's tokens in the spell. */
        List<Double> tokens() {
            List<Double> tokens = new ArrayList<>();
            for (int i = 0; i < started.taken.size(); i++) {
                tokens.add(ended.taken.get(i) - started.taken.get(i));
            }
            return tokens;
        }

        /** The rule's expression: {@code sum(rate(taken)) / max(budget)}. */
        double utilization() {
            return tokens().stream().mapToDouble(Double::doubleValue).sum() / seconds() / maxBudget();
        }

        double largestServerShare() {
            return tokens().stream().mapToDouble(Double::doubleValue).max().orElseThrow() / seconds() / maxBudget();
        }

        double wallUtilization() {
            return tokens().stream().mapToDouble(Double::doubleValue).sum()
                    / ((ended.nanoTime - started.nanoTime) / 1e9) / maxBudget();
        }

        private double maxBudget() {
            return ended.budgets.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        }
    }

    /**
     * A {@code promtool test rules} file over {@code docs/alerts.yml}: for each spell, every server's counter from its
     * first sample on, at the spell's rate every 15 s for 20 minutes, and its budget; at 15 minutes the alert is
     * firing for the high spell and absent for the half one.
     */
    private String promtoolTests(Spell half, Spell high) {
        return "rule_files:\n  - " + AlertRules.FILE.toAbsolutePath() + "\nevaluation_interval: 15s\ntests:\n"
                + promtoolTest(half, false) + promtoolTest(high, true);
    }

    private String promtoolTest(Spell spell, boolean fires) {
        StringBuilder test = new StringBuilder("  - interval: 15s\n    input_series:\n");
        for (int i = 0; i < servers.size(); i++) {
            String instance = "{instance=\"127.0.0.1:" + servers.get(i).port + "\"}";
            double every15s = spell.tokens().get(i) * 15 / spell.seconds();
            test.append(String.format(Locale.ROOT, "      - series: '%s%s'%n        values: '%.6f+%.6fx80'%n",
                    TAKEN, instance, spell.started.taken.get(i), every15s));
            test.append(String.format(Locale.ROOT, "      - series: '%s%s'%n        values: '%.6fx80'%n",
                    BUDGET, instance, spell.ended.budgets.get(i)));
        }
        // ALERTS, not alert_rule_test: that one compares the rule's annotations too, which are for people.
        test.append("    promql_expr_test:\n      - expr: ALERTS{alertname=\"BudgetNearlySpent\",alertstate=\"firing\"}\n"
                + "        eval_time: 15m\n        exp_samples:");
        test.append(fires ? "\n          - labels: 'ALERTS{alertname=\"BudgetNearlySpent\",alertstate=\"firing\","
                + "severity=\"warning\"}'\n            value: 1\n" : " []\n");
        return test.toString();
    }
}
