package tme.scraper.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/** Reads the recorded t.me pages from the test classpath ({@code /tme/<name>}, see {@code tme/README.md}). */
public final class Fixtures {

    private Fixtures() {}

    /**
     * The names of the recorded pages starting with each of {@code prefixes} ({@code "s-"}, {@code "frag-"}, ...):
     * sorted within a prefix, the prefixes in the order given.
     */
    public static List<String> names(String... prefixes) {
        return Stream.of(prefixes).flatMap(prefix -> RecordedPages.shared().names(prefix).stream()).toList();
    }

    public static String read(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/tme/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture named " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
