package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * {@code /metrics} passes the rules of Prometheus' linter ({@code promtool check metrics}, client_golang's
 * promlint) that Micrometer's built-in names broke: no abbreviated units, no {@code _count}, {@code _sum} or
 * {@code _bucket} suffix outside histograms and summaries, {@code _total} on counters only. Where {@code promtool}
 * is on the PATH (Debian's {@code prometheus} package) it checks the same scrape too.
 */
class PromtoolLintTest {

    private static final List<String> ABBREVIATED_UNITS =
            List.of("s", "ms", "us", "ns", "sec", "b", "kb", "mb", "gb", "tb", "pb", "m", "h", "d");

    final TestServer server = new TestServer(Map.of(), new TestClock(), null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void metrics_followPromlintsNamingRules() {
        String scrape = server.get("/metrics").body();
        List<String> problems = new ArrayList<>();
        for (String line : scrape.lines().filter(l -> l.startsWith("# TYPE ")).toList()) {
            String[] parts = line.split(" ");
            String name = parts[2];
            String type = parts[3];
            problems.addAll(problems(name, type));
        }
        assertEquals(List.of(), problems);
        assertTrue(scrape.contains("\nprocess_cpu_seconds_total "), "the conventional process CPU counter");
        assertTrue(scrape.contains("\nsystem_cpus " + (double) Runtime.getRuntime().availableProcessors()), scrape);
    }

    @Test
    void metrics_passPromtoolWhereItIsInstalled() {
        String scrape = server.get("/metrics").body();
        if (Promtool.installed().isEmpty()) {
            return; // the naming rules above still hold; CI machines without the package check those
        }
        Promtool.Said said = Promtool.run(scrape, "check", "metrics");
        assertEquals("", said.output().strip());
        assertEquals(0, said.exitCode());
    }

    private static List<String> problems(String name, String type) {
        List<String> problems = new ArrayList<>();
        for (String unit : ABBREVIATED_UNITS) {
            if (name.contains("_" + unit + "_") || name.endsWith("_" + unit)) {
                problems.add(name + ": an abbreviated unit (" + unit + ")");
            }
        }
        boolean aggregate = type.equals("histogram") || type.equals("summary");
        if (!aggregate && (name.endsWith("_count") || name.endsWith("_sum") || name.endsWith("_bucket"))) {
            problems.add(name + ": a " + type + " with a histogram's suffix");
        }
        if (type.equals("counter") != name.endsWith("_total")) {
            problems.add(name + ": a " + type + (type.equals("counter") ? " without" : " with") + " _total");
        }
        return problems;
    }
}
