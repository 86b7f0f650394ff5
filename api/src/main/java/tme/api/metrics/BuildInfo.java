package tme.api.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version this server was built as: the runnable jar's {@code Implementation-Version} (set by Maven in its
 * manifest), else {@code tme/api/build.properties}, which Maven's resource filtering writes from the pom (the class
 * path of tests, where no jar has a manifest). Served as {@code tme_build_info{version}} and in {@code /healthz}.
 */
public final class BuildInfo {

    private static final String VERSION = read();

    private BuildInfo() {}

    /** {@code 0.1.0-SNAPSHOT}, or {@code unknown} for classes built by something other than Maven. */
    public static String version() {
        return VERSION;
    }

    private static String read() {
        String manifest = BuildInfo.class.getPackage().getImplementationVersion();
        if (manifest != null && !manifest.isBlank()) {
            return manifest;
        }
        try (InputStream in = BuildInfo.class.getResourceAsStream("/tme/api/build.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            String filtered = properties.getProperty("version", "");
            // Unfiltered (an IDE copying the resource as it is): the placeholder says nothing.
            return filtered.isBlank() || filtered.startsWith("${") ? "unknown" : filtered;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
