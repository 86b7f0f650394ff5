package tme.scraper.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds the recorded pages by file name on the classpath ({@code /tme/}, in a directory or in the scraper
 * test-jar): {@code s-<channel>-*.html}, {@code preview-<channel>-*.html}, {@code notfound-*.html}.
 * Names are listed once; page texts are read and cut once and kept, so a request costs no disk I/O or parsing.
 */
final class RecordedPages {

    private static final String FOLDER = "tme";

    private final Set<String> names;
    private final ConcurrentHashMap<String, String> texts = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ChannelHistory> histories = new ConcurrentHashMap<>();

    private RecordedPages(Set<String> names) {
        this.names = names;
    }

    /** One instance per class loader: the recordings never change, so every fake shares the parsed pages. */
    private static final class Shared {
        static final RecordedPages INSTANCE = new RecordedPages(Collections.unmodifiableSet(listNames()));
    }

    static RecordedPages shared() {
        return Shared.INSTANCE;
    }

    /** The recorded {@code /s/<channel>} page, matched on the lower-cased name. */
    Optional<String> channelPage(String channel) {
        return find("s-" + channel.toLowerCase(Locale.ROOT) + "-");
    }

    /** The posts of the recorded {@code /s/<channel>} page, for "load more" answers. */
    Optional<ChannelHistory> history(String channel) {
        String key = channel.toLowerCase(Locale.ROOT);
        return channelPage(key).map(html -> histories.computeIfAbsent(key, k -> ChannelHistory.of(html)));
    }

    /** A recorded or constructed {@code /<channel>} profile page, if there is one. */
    Optional<String> preview(String channel) {
        return find("preview-" + channel.toLowerCase(Locale.ROOT) + "-");
    }

    /** The "Telegram: Contact @name" page t.me serves with 200 for a name that is not a channel. */
    String contactPage() {
        return find("notfound-").orElseThrow(() -> new IllegalStateException("no notfound-*.html fixture"));
    }

    /** The recorded pages whose file name starts with {@code prefix}, sorted. */
    List<String> names(String prefix) {
        return names.stream().filter(n -> n.startsWith(prefix) && n.endsWith(".html")).toList();
    }

    private Optional<String> find(String prefix) {
        return names.stream()
                .filter(n -> n.startsWith(prefix) && n.endsWith(".html"))
                .findFirst()
                .map(n -> texts.computeIfAbsent(n, Fixtures::read));
    }

    private static Set<String> listNames() {
        Set<String> names = new TreeSet<>(); // sorted: the same file wins on every machine
        try {
            var roots = RecordedPages.class.getClassLoader().getResources(FOLDER);
            while (roots.hasMoreElements()) {
                names.addAll(namesIn(roots.nextElement()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static Set<String> namesIn(URL folder) throws IOException {
        return switch (folder.getProtocol()) {
            case "file" -> namesInDirectory(folder);
            case "jar" -> namesInJar((JarURLConnection) folder.openConnection());
            default -> Set.of();
        };
    }

    private static Set<String> namesInDirectory(URL folder) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(folder.toURI()))) {
            Set<String> names = new TreeSet<>();
            files.forEach(f -> names.add(f.getFileName().toString()));
            return names;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> namesInJar(JarURLConnection connection) throws IOException {
        connection.setUseCaches(false); // a cached JarFile would be shared and closed under other readers
        try (JarFile jar = connection.getJarFile()) {
            Set<String> names = new TreeSet<>();
            jar.stream()
                    .map(e -> e.getName())
                    .filter(n -> n.startsWith(FOLDER + "/") && !n.endsWith("/"))
                    .forEach(n -> names.add(n.substring(FOLDER.length() + 1)));
            return names;
        }
    }
}
