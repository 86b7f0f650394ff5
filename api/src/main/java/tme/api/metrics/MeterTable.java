package tme.api.metrics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every gathered counter's Prometheus series: rows (one series each), families (one series per suffix), and the
 * names deliberately not served. A counter in none of them is served as {@code tme_unmapped{name="..."}} and
 * logged, so nothing a module counts is lost before someone gives it a proper name here.
 */
final class MeterTable {

    final List<MeterRow> rows;
    final List<MeterFamily> families;
    final Set<String> notServed;
    /** Every counter some row reads: one not bound yet waits for the rest of its row's sources. */
    final Set<String> rowSources;

    private MeterTable(List<MeterRow> rows, List<MeterFamily> families, Set<String> notServed) {
        this.rows = List.copyOf(rows);
        this.families = List.copyOf(families);
        this.notServed = Set.copyOf(notServed);
        Set<String> sources = new HashSet<>();
        rows.forEach(row -> sources.addAll(row.sources()));
        this.rowSources = Set.copyOf(sources);
    }

    static MeterTable standard() {
        List<MeterRow> rows = new ArrayList<>(ReadPathMeters.rows());
        rows.addAll(UpstreamMeters.rows());
        rows.addAll(ParserMeters.rows());
        rows.addAll(RefreshMeters.rows());
        rows.addAll(GraphQLMeters.rows());
        rows.addAll(FeedMeters.rows());
        rows.addAll(AccessMeters.rows());
        rows.addAll(PushMeters.rows());
        rows.addAll(MemoryMeters.rows());
        rows.addAll(MediaMeters.rows());
        rows.addAll(ConnectionMeters.rows());
        rows.addAll(HistoryMeters.rows());
        List<MeterFamily> families = new ArrayList<>(ReadPathMeters.families());
        families.addAll(ParserMeters.families());
        families.addAll(RefreshMeters.families());
        return new MeterTable(rows, families, Set.copyOf(ParserMeters.derivedElsewhere()));
    }

    /** The family row for {@code source}, or null. */
    MeterRow familyRow(String source) {
        for (MeterFamily family : families) {
            MeterRow row = family.rowFor(source);
            if (row != null) {
                return row;
            }
        }
        return null;
    }
}
