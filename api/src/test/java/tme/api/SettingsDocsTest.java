package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every environment variable the server reads has its row in {@code docs/operations.md}'s settings tables, and every
 * row there is read: a new setting cannot land undocumented, nor a removed one stay documented. What is read is
 * what {@link Config#fromEnv} asks its environment for, once as an API server and once as a refresher on Redis
 * (so the settings only those read are asked for too).
 */
class SettingsDocsTest {

    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([A-Z][A-Z0-9_]+)` \\|");

    @Test
    void everySettingReadIsDocumented_andEveryDocumentedOneIsRead() throws IOException {
        Set<String> read = new TreeSet<>(asked(Map.of()));
        read.addAll(asked(Map.of("REDIS_URL", "redis://127.0.0.1:6379", "ROLE", "refresher")));
        Set<String> documented = new TreeSet<>();
        Matcher row = ROW.matcher(Files.readString(Path.of("..", "docs", "operations.md")));
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> undocumented = new TreeSet<>(read);
        undocumented.removeAll(documented);
        Set<String> unread = new TreeSet<>(documented);
        unread.removeAll(read);
        assertEquals(Map.of("read, not in docs/operations.md", Set.of(), "in docs/operations.md, never read", Set.of()),
                Map.of("read, not in docs/operations.md", undocumented, "in docs/operations.md, never read", unread));
        assertEquals(true, read.size() > 50, "settings read: " + read);
    }

    /** The names {@link Config#fromEnv} looks up in an environment holding {@code env}. */
    private static Set<String> asked(Map<String, String> env) {
        Set<String> names = new TreeSet<>();
        Map<String, String> recording = new HashMap<>(env) {
            @Override
            public String get(Object key) {
                names.add((String) key);
                return super.get(key);
            }
        };
        Config.fromEnv(recording);
        return names;
    }
}
