package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import java.util.List;

/** Walks through channels' history ({@code GET /v1/history}, {@code tme.api.http.HistoryStream}). */
final class HistoryMeters {

    private HistoryMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("history.walks", "History answers started (GET /v1/history)"),
                counter("history.pages", "Pages of posts history answers wrote"),
                counter("history.reader_waits", "Times a history walk waited for its reader before loading the next"
                        + " page (the answer's write queue was full)"),
                gauge("history.waiting", "History walks waiting for their reader now"));
    }
}
