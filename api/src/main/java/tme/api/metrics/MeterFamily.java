package tme.api.metrics;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/**
 * Counters named {@code <prefix><value>} ({@code scrape.anomalies.captcha}) become one series each of one meter,
 * labelled {@code label="<value>"} ({@code tme_scrape_anomalies_total{kind="captcha"}}): the values come from the
 * code (an enum, the event loops), so the label set stays bounded.
 */
record MeterFamily(String prefix, MeterRow.Kind kind, String name, String help, String label) {

    /** The row for gathered counter {@code source}, or null when it is not of this family. */
    MeterRow rowFor(String source) {
        if (!source.startsWith(prefix) || source.length() == prefix.length()) {
            return null;
        }
        Tags tags = Tags.of(label, source.substring(prefix.length()));
        MeterRow.Value value = counters -> counters.get(source);
        return new MeterRow(kind, name, null, help, tags, List.of(source), value);
    }
}
