package tme.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the environment through the catalogue ({@link Settings}): each setting's variable is looked up once, in the
 * catalogue's order, as this is made; the records are then built from {@link #get}, which never reads the
 * environment again. Every problem is collected, so one start-up names all bad variables, each once.
 */
final class EnvReader {

    private final Map<String, String> env;
    private final Map<Setting<?>, Object> values = new HashMap<>();
    private final Set<Setting<?>> given = new HashSet<>();
    private final List<String> problems = new ArrayList<>();

    EnvReader(Map<String, String> env) {
        this.env = env;
        for (Setting<?> setting : Settings.all()) {
            read(setting);
        }
    }

    private <T> void read(Setting<T> setting) {
        String raw = env.get(setting.name());
        T value = null;
        if (raw != null && !raw.isBlank()) {
            given.add(setting);
            try {
                value = setting.kind().parser().parse(setting.name(), raw.trim());
            } catch (IllegalArgumentException refused) {
                problems.add(refused.getMessage());
            }
        }
        values.put(setting, value == null ? setting.fallback().value(setting, this) : value);
    }

    /** A setting's value: what was set, or its default where unset or refused (then start-up fails anyway). */
    <T> T get(Setting<T> setting) {
        Object value = values.get(setting);
        if (value == null) {
            throw new IllegalStateException(setting.name() + " is asked for before it is read: declare it after "
                    + "what it depends on in Settings");
        }
        @SuppressWarnings("unchecked") // put by read(setting), of the setting's own type
        T typed = (T) value;
        return typed;
    }

    /** Whether the variable was given (not blank), whatever its value. */
    boolean isSet(Setting<?> setting) {
        return given.contains(setting);
    }

    /**
     * Builds a record whose constructor checks settings together (e.g. a record of another module), turning its
     * complaint into a problem; then the record is built from the defaults instead, so reading can go on and name
     * the other problems before start-up fails.
     */
    <T> T checked(Function<EnvReader, T> build) {
        try {
            return build.apply(this);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return build.apply(new EnvReader(Map.of()));
        }
    }

    /** A problem no single variable's check finds (two settings that do not go together). */
    void problem(String problem) {
        problems.add(problem);
    }

    /**
     * One warning per variable that has one of our prefixes but is no setting of the catalogue, naming the setting
     * closest to it.
     */
    List<String> unknownSettings() {
        Set<String> known = Settings.all().stream().map(Setting::name).collect(Collectors.toSet());
        return env.keySet().stream()
                .filter(name -> Settings.OUR_PREFIXES.stream().anyMatch(name::startsWith) && !known.contains(name))
                .sorted()
                .map(name -> "Unknown setting " + name + " ignored (did you mean " + closest(name, known) + "?)")
                .toList();
    }

    private static String closest(String name, Set<String> known) {
        return known.stream().min(Comparator.comparingInt((String setting) -> editDistance(name, setting))
                .thenComparing(Comparator.naturalOrder())).orElse("?");
    }

    /** Levenshtein distance: the fewest one-letter insertions, deletions and substitutions from a to b. */
    static int editDistance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1),
                        diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    void failIfAnyProblem() {
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("Invalid configuration: " + String.join("; ", problems));
        }
    }
}
