package tme.bench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lines the compare script collected, each {@code <id> <KIND> name=value ...}: {@code hot.identity.tme RESULT
 * requests=... rps=...} from wrk ({@code bench/load/result.lua}), {@code OPENLOOP}, {@code INTERVAL}, {@code PROBE}
 * and {@code BURST} from the bench generators, and the script's own ({@code CONFIG}, {@code UPSTREAM}, ...). A
 * value runs to the next space; a line that does not parse is skipped (a tool's stray output).
 */
final class Results {

    /** One line: who measured what, and its fields in order. */
    record Line(String id, String kind, Map<String, String> fields) {

        Optional<String> text(String name) {
            return Optional.ofNullable(fields.get(name));
        }

        Optional<Double> number(String name) {
            return text(name).flatMap(Results::parse);
        }

        /** The field as a number, or 0 when it is missing or not a number (an error count nobody wrote). */
        double numberOrZero(String name) {
            return number(name).orElse(0.0);
        }
    }

    private final List<Line> lines;

    private Results(List<Line> lines) {
        this.lines = List.copyOf(lines);
    }

    static Results parse(List<String> text) {
        List<Line> lines = new ArrayList<>();
        for (String raw : text) {
            String[] words = raw.trim().split("\\s+");
            if (words.length < 2 || words[0].isEmpty()) {
                continue;
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (int i = 2; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq > 0) {
                    fields.put(words[i].substring(0, eq), words[i].substring(eq + 1));
                }
            }
            lines.add(new Line(words[0], words[1], fields));
        }
        return new Results(lines);
    }

    /** Every line of {@code id} and {@code kind}, in the order written (one per round, one per window). */
    List<Line> all(String id, String kind) {
        return lines.stream().filter(l -> l.id().equals(id) && l.kind().equals(kind)).toList();
    }

    /** The last line of {@code id} and {@code kind}. */
    Optional<Line> last(String id, String kind) {
        List<Line> all = all(id, kind);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.getLast());
    }

    private static Optional<Double> parse(String value) {
        try {
            return Optional.of(Double.parseDouble(value));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
