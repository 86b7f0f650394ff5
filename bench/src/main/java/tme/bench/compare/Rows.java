package tme.bench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tme.bench.compare.Results.Line;
import tme.bench.compare.Table.Row;

/**
 * The table's rows, part by part, from the collected lines (see {@code bench/load/compare.sh} for which ids it
 * writes). A part that did not run gives no row; a measurement that is missing reads "–".
 */
final class Rows {

    static final String[] CODINGS = {"identity", "gzip", "zstd"};
    private static final Pattern UPSTREAM = Pattern.compile("\"upstream_requests\":(\\d+)");

    private Rows() {}

    /** Part 1: hits, tme against nginx on the same bytes, a row per coding and round. */
    static List<Row> closedLoop(Results r, String scenario) {
        List<Row> rows = new ArrayList<>();
        Optional<Line> config = r.last(scenario, "CONFIG");
        if (config.isEmpty()) {
            return rows;
        }
        for (String coding : CODINGS) {
            List<Line> tme = r.all(scenario + "." + coding + ".tme", "RESULT");
            List<Line> nginx = r.all(scenario + "." + coding + ".nginx", "RESULT");
            int rounds = Math.max(tme.size(), nginx.size());
            for (int i = 0; i < rounds; i++) {
                Optional<Line> t = at(tme, i);
                Optional<Line> n = at(nginx, i);
                String what = what(config.get(), scenario, coding) + (rounds > 1 ? ", round " + (i + 1) : "");
                rows.add(new Row("1", what, Cells.closedLoop(t), Cells.closedLoop(n), Cells.closedLoopRatio(t, n)));
            }
        }
        return rows;
    }

    private static String what(Line config, String scenario, String coding) {
        if (scenario.equals("hot")) {
            return "hot key, " + coding + " (" + Fmt.count(config.numberOrZero(coding + "_bytes")) + " B)";
        }
        return "Zipf(" + config.text("exponent").orElse("?") + ") over " + Fmt.count(config.numberOrZero("keys"))
                + " channels, " + coding;
    }

    /** Part 2: the open loop at half of tme's peak, tme and nginx at the same rate. */
    static List<Row> openLoop(Results r) {
        return r.last("openloop", "CONFIG").map(config -> {
            Optional<Line> tme = r.last("openloop.tme", "OPENLOOP");
            Optional<Line> nginx = r.last("openloop.nginx", "OPENLOOP");
            String share = config.text("share")
                    .map(s -> " (" + s + " of tme's peak " + Fmt.count(config.numberOrZero("peak")) + ")").orElse("");
            String what = "open loop at " + Fmt.count(config.numberOrZero("rate")) + " req/s" + share + ", hot key, "
                    + config.text("coding").orElse("identity") + ", " + Fmt.count(config.numberOrZero("connections"))
                    + " connections: p50 / p99 / p99.9 / max ms";
            return List.of(new Row("2", what, Cells.openLoop(tme), Cells.openLoop(nginx),
                    Cells.openLoopRatio(tme, nginx)));
        }).orElse(List.of());
    }

    /** Part 3: t.me requests for a cold burst over the fleet. */
    static List<Row> burst(Results r) {
        return r.last("burst", "CONFIG").map(config -> {
            Optional<Line> burst = r.last("burst", "BURST");
            Optional<Line> upstream = r.last("burst", "UPSTREAM");
            String what = "cold burst: " + Fmt.count(config.numberOrZero("requests")) + " concurrent requests for one"
                    + " uncached channel over " + Fmt.count(config.numberOrZero("servers")) + " servers + Redis:"
                    + " t.me requests";
            String tme = upstream.map(u -> "**" + Fmt.count(u.numberOrZero("requests")) + "** (expect 1"
                    + u.text("all").map(all -> "; all t.me requests meanwhile, refreshes included: " + all).orElse("")
                    + ")").orElse(Fmt.NONE) + burst.map(Rows::burstDetail).orElse("");
            return List.of(new Row("3", what, tme, Fmt.NONE, Fmt.NONE));
        }).orElse(List.of());
    }

    private static String burstDetail(Line burst) {
        StringBuilder statuses = new StringBuilder();
        burst.fields().forEach((name, value) -> {
            if (name.startsWith("status_")) {
                statuses.append(statuses.isEmpty() ? "" : ", ").append(value).append(" × ").append(name.substring(7));
            }
        });
        return "; " + Fmt.count(burst.numberOrZero("answered")) + " answered (" + statuses + ")"
                + Cells.errors(burst, "errors_connect", "errors_io", "timeouts") + "; p50 / p99 / max "
                + Fmt.ms(burst.numberOrZero("p50_ms")) + " / " + Fmt.ms(burst.numberOrZero("p99_ms")) + " / "
                + Fmt.ms(burst.numberOrZero("max_ms")) + " ms";
    }

    /** Part 4: the hot key over several TTLs: t.me requests and p99 per TTL. */
    static List<Row> ttl(Results r) {
        return r.last("ttl", "CONFIG").map(config -> {
            String what = "hot key over " + Fmt.count(config.numberOrZero("windows")) + " TTLs of "
                    + config.text("ttl").orElse("?") + " at " + Fmt.count(config.numberOrZero("rate"))
                    + " req/s open loop over " + Fmt.count(config.numberOrZero("servers")) + " servers + Redis:"
                    + " t.me requests per TTL; p99 ms per TTL";
            List<String> perWindow = upstreamPerWindow(r.all("ttl", "PROBE"));
            List<String> p99s = r.all("ttl", "INTERVAL").stream().map(l -> Fmt.ms(l.numberOrZero("p99_ms"))).toList();
            String tme = (perWindow.isEmpty() ? Fmt.NONE : String.join(", ", perWindow)) + "; p99 "
                    + (p99s.isEmpty() ? Fmt.NONE : String.join(", ", p99s))
                    + r.last("ttl", "OPENLOOP").map(Rows::wholeRun).orElse("");
            return List.of(new Row("4", what, tme, Fmt.NONE, Fmt.NONE));
        }).orElse(List.of());
    }

    /** The growth of the fake's upstream count from each probe to the next; "?" next to a probe that failed. */
    static List<String> upstreamPerWindow(List<Line> probes) {
        List<Long> counts = probes.stream().map(probe -> {
            Matcher m = UPSTREAM.matcher(probe.text("body").orElse(""));
            return m.find() ? Long.valueOf(m.group(1)) : null;
        }).toList();
        List<String> growth = new ArrayList<>();
        for (int i = 1; i < counts.size(); i++) {
            Long before = counts.get(i - 1);
            Long after = counts.get(i);
            growth.add(before == null || after == null ? "?" : Long.toString(after - before));
        }
        return growth;
    }

    private static String wholeRun(Line run) {
        return "; whole run p99 " + Fmt.ms(run.numberOrZero("p99_ms")) + ", max " + Fmt.ms(run.numberOrZero("max_ms"))
                + Cells.errors(run, "errors_status", "errors_io", "timeouts");
    }

    /** Part 5: hit throughput with t.me stalled against normal. */
    static List<Row> stalled(Results r) {
        return r.last("stalled", "CONFIG").map(config -> {
            Optional<Line> a = r.last("stalled.A", "RESULT");
            Optional<Line> b = r.last("stalled.B", "RESULT");
            Optional<Line> c = r.last("stalled.C", "RESULT");
            double rpsA = a.map(l -> l.numberOrZero("rps")).orElse(0.0);
            double rpsB = b.map(l -> l.numberOrZero("rps")).orElse(0.0);
            String what = "t.me stalled, " + config.text("misses").orElse("?") + " miss connections"
                    + (config.text("retry_after").orElse("0").equals("1") ? " honouring Retry-After" : "")
                    + ": hit req/s stalled / normal";
            String tme = "**" + Fmt.ratio(rpsB, rpsA) + "** (A " + Fmt.count(rpsA) + " → B " + Fmt.count(rpsB)
                    + c.map(l -> "; C " + Fmt.count(l.numberOrZero("rps")) + ", C/A "
                    + Fmt.ratio(l.numberOrZero("rps"), rpsA)).orElse("") + ")"
                    + b.map(l -> Cells.errors(l, "errors_status", "errors_timeout", "errors_read")).orElse("")
                    + r.last("stalled.misses", "MISSES").map(Rows::misses).orElse("");
            return List.of(new Row("5", what, tme, Fmt.NONE, Fmt.NONE));
        }).orElse(List.of());
    }

    private static String misses(Line misses) {
        List<String> parts = new ArrayList<>();
        misses.fields().forEach((status, n) -> parts.add(status + ": " + n));
        return "; misses in B: " + String.join(", ", parts);
    }

    static <T> Optional<T> at(List<T> list, int i) {
        return i < list.size() ? Optional.of(list.get(i)) : Optional.empty();
    }
}
