package tme.api.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The one place that binds the modules' counters to the registry. Each source is a plain {@code counters()} map of
 * {@code LongAdder} sums and gauges ({@code cache.l1.hits}, {@code gate.slots.in_use}, ...); {@link #read()} reads
 * every source once per scrape into one snapshot, and each bound FunctionCounter or Gauge takes its value from that
 * snapshot, so a scrape sees one consistent moment and the hot path never touches Micrometer. A counter new to the
 * snapshot is bound at that read, by the {@link MeterTable}.
 */
final class CounterMeters implements MeterRow.Reading {

    private static final System.Logger LOG = System.getLogger(CounterMeters.class.getName());
    static final String UNMAPPED = "tme.unmapped";

    private final MeterRegistry registry;
    private final MeterTable table;
    private final List<Supplier<? extends Map<String, Long>>> sources = new CopyOnWriteArrayList<>();
    // The counters as read for the latest scrape, swapped whole.
    private volatile Map<String, Long> latest = Map.of();
    // Guarded by this: counters already served (by a row, a family, or as unmapped), rows already bound.
    private final Set<String> served = new HashSet<>();
    private final Set<MeterRow> boundRows = new HashSet<>();
    private final Set<String> unmapped = new TreeSet<>();

    CounterMeters(MeterRegistry registry, MeterTable table) {
        this.registry = registry;
        this.table = table;
    }

    /** Adds a source of counters; its series exist from now on. */
    void gather(Supplier<? extends Map<String, Long>> source) {
        sources.add(source);
        read();
    }

    /** Reads every source once, for the scrape that follows, and binds the counters not seen before. */
    synchronized void read() {
        Map<String, Long> all = new HashMap<>();
        for (Supplier<? extends Map<String, Long>> source : sources) {
            all.putAll(source.get());
        }
        latest = all;
        if (!served.containsAll(all.keySet())) {
            bindNew(all.keySet());
        }
    }

    @Override
    public long get(String source) {
        Long value = latest.get(source);
        return value == null ? 0 : value;
    }

    /** Gathered counters that no row or family serves (each is served as {@code tme_unmapped}). */
    synchronized Set<String> unmapped() {
        return Set.copyOf(unmapped);
    }

    // Holding the lock.
    private void bindNew(Set<String> names) {
        for (MeterRow row : table.rows) {
            if (!boundRows.contains(row) && names.containsAll(row.sources())) {
                register(row);
                boundRows.add(row);
                served.addAll(row.sources());
            }
        }
        for (String name : names) {
            if (served.contains(name) || table.rowSources.contains(name)) {
                continue; // bound, or waiting for the other sources of its row
            }
            MeterRow row = table.familyRow(name);
            if (row != null) {
                register(row);
            } else if (!table.notServed.contains(name)) {
                LOG.log(System.Logger.Level.WARNING, "counter {0} has no Prometheus name: served as tme_unmapped", name);
                register(MeterRow.gauge(UNMAPPED, "A counter without a Prometheus name yet (see MeterTable)",
                        Tags.of("name", name), name));
                unmapped.add(name);
            }
            served.add(name);
        }
    }

    private void register(MeterRow row) {
        switch (row.kind()) {
            case COUNTER -> FunctionCounter.builder(row.name(), this, counters -> row.value().of(counters))
                    .description(row.help()).baseUnit(row.baseUnit()).tags(row.tags()).register(registry);
            case GAUGE -> Gauge.builder(row.name(), this, counters -> row.value().of(counters))
                    .description(row.help()).baseUnit(row.baseUnit()).tags(row.tags()).strongReference(true)
                    .register(registry);
        }
    }
}
