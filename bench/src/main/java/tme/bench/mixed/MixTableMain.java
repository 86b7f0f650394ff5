package tme.bench.mixed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import tme.bench.compare.Fmt;

/**
 * The mixed run's Markdown table: a column per setup, from the lines {@link MixedMain} printed for it and the
 * {@code TME upstream_requests=.. distinct_uris=..} line {@code mixed.sh} added (the fake t.me's counts over the
 * column's whole run).
 * <pre>{@code java -cp bench/target/benchmarks.jar tme.bench.mixed.MixTableMain 'one server=/tmp/x/one.txt' ...}</pre>
 */
public final class MixTableMain {

    private MixTableMain() {}

    /** One column: its title and its lines by kind ({@code CLASS} lines by their name: {@code CLASS body}). */
    record Column(String title, Map<String, Map<String, String>> lines) {

        String field(String line, String name) {
            Map<String, String> fields = lines.get(line);
            return fields == null ? null : fields.get(name);
        }

        /** The field's number; a line or field the column lacks is an exception, which its cell shows as a dash. */
        double number(String line, String name) {
            String value = field(line, name);
            if (value == null) {
                throw new IllegalStateException("no " + name + " in " + line + " of " + title);
            }
            return Double.parseDouble(value);
        }
    }

    public static void main(String[] args) throws IOException {
        List<Column> columns = new ArrayList<>();
        for (String arg : args) {
            int eq = arg.lastIndexOf('=');
            columns.add(read(arg.substring(0, eq), Path.of(arg.substring(eq + 1))));
        }
        System.out.print(table(columns));
    }

    static Column read(String title, Path file) throws IOException {
        Map<String, Map<String, String>> lines = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] words = line.trim().split(" ");
            Map<String, String> fields = new HashMap<>();
            for (int k = 1; k < words.length; k++) {
                int eq = words[k].indexOf('=');
                if (eq > 0) {
                    fields.put(words[k].substring(0, eq), words[k].substring(eq + 1));
                }
            }
            String kind = words[0];
            if (kind.equals("CLASS") || kind.equals("CPU")) {
                kind += " " + fields.get("name");
            } else if (kind.equals("CACHE")) {
                kind += " " + fields.get("value");
            } else if (kind.equals("WARM")) {
                kind += " " + fields.get("pass");
            }
            lines.put(kind, fields);
        }
        return new Column(title, lines);
    }

    static String table(List<Column> columns) {
        StringBuilder out = new StringBuilder("| measurement |");
        columns.forEach(c -> out.append(' ').append(c.title()).append(" |"));
        out.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        row(out, columns, "answered (req/s)", c -> Fmt.count(c.number("MIXED", "requests")) + " ("
                + Fmt.count(c.number("MIXED", "rps")) + "/s)");
        row(out, columns, "non-2xx / timeouts / I/O errors", c -> Fmt.count(c.number("CLASS all", "non2xx")) + " / "
                + Fmt.count(c.number("CLASS all", "timeouts")) + " / " + Fmt.count(c.number("CLASS all", "errors_io")));
        row(out, columns, "hit ratio (answers with X-Cache)", c -> {
            double hits = c.number("CLASS all", "hits");
            return Fmt.percent(hits, hits + c.number("CLASS all", "misses"));
        });
        row(out, columns, "t.me requests / distinct pages (whole run)", c -> {
            double requests = c.number("TME", "upstream_requests");
            double distinct = c.number("TME", "distinct_uris");
            return Fmt.count(requests) + " / " + Fmt.count(distinct) + " = " + Fmt.ratio(requests, distinct);
        });
        row(out, columns, "server CPU ms per answer", MixTableMain::cpu);
        row(out, columns, "... of it, JIT compiler threads (steady state: near 0)", MixTableMain::jit);
        row(out, columns, "generator send lag p99 (ms)", c -> Fmt.ms(c.number("MIXED", "lag_p99_ms")));
        row(out, columns, "hits by the servers' own clock: within 1 / 2 / 5 ms, of all", MixTableMain::serverClock);
        for (String name : classNames(columns)) {
            String line = "CLASS " + name;
            row(out, columns, name + ": every answer, p50 / p99 / p99.9 ms", c -> latencies(c, line, ""));
            for (String part : List.of("hits", "misses")) {
                String prefix = part.equals("hits") ? "hit_" : "miss_";
                if (columns.stream().anyMatch(c -> Double.parseDouble(c.lines().getOrDefault(line, Map.of())
                        .getOrDefault(part, "0")) > 0)) {
                    row(out, columns, name + ": " + part + ", p50 / p99 / p99.9 ms", c -> latencies(c, line, prefix));
                }
            }
        }
        // Every class together by X-Cache as sent: where a hit came from (tme-api's L1, L2, STALE; nginx's HIT...).
        columns.stream().flatMap(c -> c.lines().keySet().stream()).filter(k -> k.startsWith("CACHE ")).distinct()
                .sorted().forEach(line -> row(out, columns, "X-Cache " + line.substring(6) + ": p50 / p99 / p99.9 ms",
                        c -> latencies(c, line, "")));
        return out.toString();
    }

    private static List<String> classNames(List<Column> columns) {
        List<String> names = new ArrayList<>(List.of("all"));
        for (RouteClass c : RouteClass.values()) {
            if (columns.stream().anyMatch(column -> column.lines().containsKey("CLASS " + c.label()))) {
                names.add(c.label());
            }
        }
        return names;
    }

    private static void row(StringBuilder out, List<Column> columns, String label, Function<Column, String> cell) {
        out.append("| ").append(label).append(" |");
        for (Column column : columns) {
            String value;
            try {
                value = cell.apply(column);
            } catch (RuntimeException e) {
                value = Fmt.NONE;
            }
            out.append(' ').append(value).append(" |");
        }
        out.append('\n');
    }

    /** {@code p50 / p99 / p99.9 (n)} of every answer ({@code ""}), hits or misses; a dash without answers. */
    private static String latencies(Column c, String line, String prefix) {
        double n = c.number(line, switch (prefix) {
            case "hit_" -> "hits";
            case "miss_" -> "misses";
            default -> "requests";
        });
        if (!(n > 0)) {
            return Fmt.NONE;
        }
        return Fmt.ms(c.number(line, prefix + "p50_ms")) + " / " + Fmt.ms(c.number(line, prefix + "p99_ms")) + " / "
                + Fmt.ms(c.number(line, prefix + "p999_ms")) + " (" + Fmt.count(n) + ")";
    }

    /**
     * {@code 6,310 / 6,313 / 6,313 of 6,313}: the hits the servers timed within 1, 2 and 5 ms ({@link ServerClock});
     * for a fleet, then each server's hits over 1 ms: {@code (over 1 ms, server by server: 9 / 12 / 9)}.
     */
    private static String serverClock(Column c) {
        String all = Fmt.count(c.number("SERVER", "within_1ms")) + " / " + Fmt.count(c.number("SERVER", "within_2ms"))
                + " / " + Fmt.count(c.number("SERVER", "within_5ms")) + " of " + Fmt.count(c.number("SERVER", "hits"));
        String each = c.field("SERVER", "over_1ms_each");
        return each == null || !each.contains("/") ? all
                : all + " (over 1 ms, server by server: " + each.replace("/", " / ") + ")";
    }

    /** Each CPU group's ms per answer: {@code 0.12}, or {@code 0.05 + origin 0.20}. */
    private static String cpu(Column c) {
        return perGroup(c, line -> String.format(Locale.ROOT, "%.3f", c.number(line, "ms_per_answer")));
    }

    /** Each CPU group's share spent by its JIT compilers: {@code 2%}, or {@code 3% + origin 1%}. */
    private static String jit(Column c) {
        return perGroup(c, line -> Fmt.percent(c.number(line, "jit_share"), 1));
    }

    /** {@code value} of each {@code CPU <group>} line, the front group's bare, the others named, joined by " + ". */
    private static String perGroup(Column c, Function<String, String> value) {
        List<String> parts = new ArrayList<>();
        c.lines().keySet().stream().filter(k -> k.startsWith("CPU ")).sorted().forEach(k -> {
            String name = k.substring(4);
            parts.add(name.equals("front") ? value.apply(k) : name + " " + value.apply(k));
        });
        return parts.isEmpty() ? Fmt.NONE : String.join(" + ", parts);
    }
}
