package tme.api.metrics;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/**
 * One Prometheus series and how its value is made from the gathered counters ({@code cache.l1.hits}, ...) at scrape
 * time. Bound once every one of its {@code sources} is gathered, so a server without Redis has no Redis series.
 *
 * @param name     the Micrometer name ({@code tme.cache.lookups}); Prometheus adds {@code _total} to counters and
 *                 the base unit to gauges ({@code tme_gate_cooldown_remaining_seconds})
 * @param baseUnit {@code seconds}, {@code bytes}, {@code ratio}, or null
 * @param help     what an operator reads at a glance ({@code # HELP}); the same for every row of one name
 * @param tags     this series' labels: bounded values, the same keys for every row of one name
 */
record MeterRow(Kind kind, String name, String baseUnit, String help, Tags tags, List<String> sources, Value value) {

    enum Kind { COUNTER, GAUGE }

    /** The series' value from the counters read for this scrape. */
    @FunctionalInterface
    interface Value {
        double of(Reading counters);
    }

    /** A gathered counter by its name (0 when absent). */
    @FunctionalInterface
    interface Reading {
        long get(String source);
    }

    MeterRow {
        sources = List.copyOf(sources);
    }

    /** A counter without labels read from {@code source}, named after it ({@code tme.} + {@code source}). */
    static MeterRow counter(String source, String help) {
        return counter("tme." + source, help, Tags.empty(), source);
    }

    /** A gauge without labels read from {@code source}, named after it ({@code tme.} + {@code source}). */
    static MeterRow gauge(String source, String help) {
        return gauge("tme." + source, help, Tags.empty(), source);
    }

    /** A counter that is the sum of {@code sources} (most are one). */
    static MeterRow counter(String name, String help, Tags tags, String... sources) {
        return new MeterRow(Kind.COUNTER, name, null, help, tags, List.of(sources), sum(sources));
    }

    /** A gauge read as it is. */
    static MeterRow gauge(String name, String help, Tags tags, String source) {
        return new MeterRow(Kind.GAUGE, name, null, help, tags, List.of(source), counters -> counters.get(source));
    }

    /** A gauge in {@code baseUnit}, read from a source in thousandths of it ({@code _ms}, {@code _permille}). */
    static MeterRow thousandths(String name, String baseUnit, String help, String source) {
        return new MeterRow(Kind.GAUGE, name, baseUnit, help, Tags.empty(), List.of(source),
                counters -> counters.get(source) / 1000.0);
    }

    /** A gauge computed from several sources. */
    static MeterRow derived(String name, String baseUnit, String help, Tags tags, Value value, String... sources) {
        return new MeterRow(Kind.GAUGE, name, baseUnit, help, tags, List.of(sources), value);
    }

    /** The same row in bytes. */
    MeterRow inBytes() {
        return new MeterRow(kind, name, "bytes", help, tags, sources, value);
    }

    private static Value sum(String... sources) {
        if (sources.length == 1) {
            String only = sources[0];
            return counters -> counters.get(only);
        }
        return counters -> {
            long total = 0;
            for (String source : sources) {
                total += counters.get(source);
            }
            return total;
        };
    }
}
