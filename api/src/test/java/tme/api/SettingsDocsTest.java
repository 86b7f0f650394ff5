package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The operations table in {@code docs/operations.md} is the catalogue ({@link Settings}) written out: the same
 * settings, each with the same default and range, so a new setting cannot land undocumented, nor a removed one stay
 * documented, nor a default or a bound change in one place only. And {@link Config#fromEnv} reads the environment
 * through the catalogue alone, each variable exactly once (before, {@code TELEGRAM_BURST} was read twice and a bad
 * value named twice).
 */
class SettingsDocsTest {

    /** A settings row: name, default and range cells (the meaning after them is prose). */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([A-Z][A-Z0-9_]+)` \\| ([^|]*) \\| ([^|]*) \\|");

    @Test
    void theOperationsTableShowsTheCataloguesNamesDefaultsAndRanges() throws IOException {
        Map<String, String> documented = new TreeMap<>();
        Matcher row = ROW.matcher(Files.readString(Path.of("..", "docs", "operations.md")));
        while (row.find()) {
            documented.put(row.group(1), "default " + row.group(2) + ", range " + row.group(3));
        }
        Map<String, String> catalogue = new TreeMap<>();
        for (Setting<?> setting : Settings.all()) {
            catalogue.put(setting.name(), "default " + setting.defaultCell() + ", range " + setting.kind().range());
        }
        assertEquals(Map.of(), differences(catalogue, documented), "catalogue vs docs/operations.md");
        assertTrue(catalogue.size() > 80, "settings: " + catalogue.keySet());
    }

    @Test
    void everySettingIsReadOnce_andNothingElse() {
        for (Map<String, String> env : List.of(Map.<String, String>of(),
                Map.of("REDIS_URL", "redis://127.0.0.1:6379", "ROLE", "refresher", "TELEGRAM_BURST", "7"))) {
            Map<String, Integer> once = new TreeMap<>();
            Settings.all().forEach(setting -> once.put(setting.name(), 1));
            assertEquals(Map.of(), differences(once, reads(env)), "reads per variable, expected vs counted");
        }
    }

    @Test
    void aBadValueIsNamedOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.fromEnv(Map.of("TELEGRAM_BURST", "0")));
        assertEquals("Invalid configuration: TELEGRAM_BURST must be an integer in 1..100000: 0", e.getMessage());
    }

    /** Each name whose values differ (or that one side lacks), with both values. */
    private static <V> Map<String, String> differences(Map<String, V> expected, Map<String, V> actual) {
        Map<String, String> differences = new TreeMap<>();
        Set<String> names = new TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            if (!Objects.equals(expected.get(name), actual.get(name))) {
                differences.put(name, expected.get(name) + " | " + actual.get(name));
            }
        }
        return differences;
    }

    /** How many times {@link Config#fromEnv} looks up each name in an environment holding {@code env}. */
    private static Map<String, Integer> reads(Map<String, String> env) {
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, String> recording = new HashMap<>(env) {
            @Override
            public String get(Object key) {
                counts.merge((String) key, 1, Integer::sum);
                return super.get(key);
            }
        };
        Config.fromEnv(recording);
        return counts;
    }
}
