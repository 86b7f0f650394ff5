package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** Parser health: what a t.me markup change moves first. */
final class ParserMeters {

    private ParserMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("scrape.pages_parsed", "t.me pages parsed and accepted"),
                counter("scrape.posts_parsed", "Posts in them"),
                counter("scrape.odd_posts", "Posts parsed only in part (a part threw) or skipped"));
    }

    static List<MeterFamily> families() {
        return List.of(
                new MeterFamily("scrape.anomalies.", MeterRow.Kind.COUNTER, "tme.scrape.anomalies",
                        "Pages not stored as truth, by kind (captcha, challenge, empty_page, truncated, ...)", "kind"),
                new MeterFamily("scrape.misses.", MeterRow.Kind.COUNTER, "tme.scrape.misses",
                        "Parts t.me always sends that a parsed page lacked, by field (post_id, post_date, ...)",
                        "field"));
    }

    /** Gathered but not served: the sum of {@code tme_scrape_anomalies_total}, which PromQL adds up itself. */
    static List<String> derivedElsewhere() {
        return List.of("scrape.upstream_anomalies");
    }
}
