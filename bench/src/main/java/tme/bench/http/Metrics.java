package tme.bench.http;

import java.util.function.Predicate;

/** Reads series out of a Prometheus text scrape (a server's {@code /metrics}). */
public final class Metrics {

    private Metrics() {}

    /** The sum of every series whose line starts with {@code prefix} ({@code name{label="v"}); -1 if none. */
    public static long sum(String scrape, String prefix) {
        return sum(scrape, line -> line.startsWith(prefix));
    }

    /** The sum of the values of every line {@code series} accepts (comments are never offered); -1 if none. */
    public static long sum(String scrape, Predicate<String> series) {
        double sum = 0;
        boolean found = false;
        for (String line : scrape.split("\n")) {
            if (!line.startsWith("#") && series.test(line)) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                found = true;
            }
        }
        return found ? (long) sum : -1;
    }
}
