package tme.api.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Meter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** The one binding of gathered counters to the registry: every row binds, values are read at scrape time. */
class CounterMetersTest {

    final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)
            .throwExceptionOnRegistrationFailure();
    final MeterTable table = MeterTable.standard();
    final CounterMeters counters = new CounterMeters(registry, table);

    @Test
    void everyRowAndFamily_bindsWithOneLabelSetPerName() {
        Map<String, Long> all = new HashMap<>();
        table.rows.forEach(row -> row.sources().forEach(source -> all.put(source, 1L)));
        table.families.forEach(family -> all.put(family.prefix() + "x", 1L));
        table.notServed.forEach(source -> all.put(source, 1L));

        counters.gather(() -> all);

        Set<Meter.Id> rows = new HashSet<>();
        registry.getMeters().forEach(meter -> rows.add(meter.getId()));
        assertEquals(table.rows.size() + table.families.size(), rows.size(), "one meter per row and family");
        assertEquals(Set.of(), counters.unmapped());
        String scrape = registry.scrape();
        assertTrue(scrape.contains("tme_cache_lookups_total{level=\"l1\",result=\"miss\"} 2.0"),
                "an L1 miss is an L2 hit or an L2 miss");
        assertTrue(scrape.contains("tme_gate_slots_in_use{priority=\"reader\"} 0.0"), "in use less background");
        assertTrue(scrape.contains("tme_refresh_lag_p99_seconds 0.001"), "milliseconds as seconds");
    }

    @Test
    void values_readAtScrapeTimeFromTheSource() {
        LongAdder puts = new LongAdder();
        counters.gather(() -> Map.of("cache.puts", puts.sum()));

        puts.add(41);
        counters.read();
        puts.increment(); // after this scrape's read: the next one sees it

        assertEquals(41.0, registry.get("tme.cache.puts").functionCounter().count());
        counters.read();
        assertEquals(42.0, registry.get("tme.cache.puts").functionCounter().count());
    }

    @Test
    void aCounterWithoutAName_servedAsUnmapped() {
        counters.gather(() -> Map.of("newfeature.requests", 7L));

        assertEquals(Set.of("newfeature.requests"), counters.unmapped());
        assertTrue(registry.scrape().contains("tme_unmapped{name=\"newfeature.requests\"} 7.0"));
    }

    @Test
    void aRowWaitsForAllItsSources() {
        counters.gather(() -> Map.of("gate.slots.in_use", 3L));
        assertEquals(null, registry.find("tme.gate.slots.in_use").tag("priority", "reader").gauge());

        counters.gather(() -> Map.of("gate.slots.background_in_use", 1L));

        assertEquals(2.0, registry.get("tme.gate.slots.in_use").tag("priority", "reader").gauge().value());
        assertEquals(Set.of(), counters.unmapped());
    }
}
