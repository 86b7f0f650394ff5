package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code docs/operations.md} lists every metric the fleet serves, and nothing it does not serve. */
class MetricsDocsTest {

    static final Path OPERATIONS = Path.of(System.getProperty("user.dir")).resolveSibling("docs")
            .resolve("operations.md");
    static final Pattern NAME = Pattern.compile("`(tme_[a-z0-9_]+)`");

    @Test
    void everyServedMetric_isDocumented_andEveryDocumentedOneServed() throws IOException {
        Set<String> documented = documented();
        Set<String> served = new TreeSet<>();
        ServedMetrics.shared().families().stream().filter(name -> name.startsWith("tme_")).forEach(served::add);

        assertFalse(served.contains("tme_unmapped"), "every counter has a Prometheus name");
        Set<String> undocumented = new TreeSet<>(served);
        undocumented.removeAll(documented);
        assertEquals(Set.of(), undocumented, "served but missing from docs/operations.md");
        Set<String> stale = new TreeSet<>(documented);
        stale.removeAll(served);
        assertEquals(Set.of(), stale, "in docs/operations.md but not served");
        assertTrue(served.size() > 70, "the whole table was read: " + served.size());
    }

    /** The first column of the tables under "## Metrics". */
    private static Set<String> documented() throws IOException {
        String doc = Files.readString(OPERATIONS);
        String metrics = doc.substring(doc.indexOf("## Metrics"), doc.indexOf("### Alerts"));
        Set<String> names = new TreeSet<>();
        for (String line : metrics.split("\n")) {
            if (line.startsWith("| `tme_")) {
                Matcher name = NAME.matcher(line.split("\\|")[1]);
                while (name.find()) {
                    names.add(name.group(1));
                }
            }
        }
        return names;
    }
}
