package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.WorkerExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import tme.cache.Stored;

/**
 * The identity bytes of large hot answers as files on tmpfs ({@link BodyFile}), one per stored value, made on the
 * worker pool on first demand (until then such clients get the bytes from memory), kept like {@link BodyCopies}:
 * by the stored value's identity, so a file lives no longer than its L1 entry, under its own memory bound (tmpfs
 * pages are memory). Each server process writes into a directory of its own, removed when it closes; directories
 * left by processes that died are removed at start.
 */
public final class BodyFiles implements AutoCloseable {

    static final System.Logger LOG = System.getLogger(BodyFiles.class.getName());
    /** Below this, one write of headers and body from memory costs less than a write plus a sendfile. */
    static final int MIN_BYTES = 16 * 1024;
    private static final String PREFIX = "tme-api-";

    private final Path directory;
    private final Cache<Stored, BodyFile> files;
    private final WorkerExecutor workers;
    // Values whose file is being written now: one file per value, however many clients ask meanwhile.
    private final Set<Stored> making = ConcurrentHashMap.newKeySet();

    private BodyFiles(Path directory, long maxBytes, WorkerExecutor workers) {
        this.directory = directory;
        this.workers = workers;
        this.files = Caffeine.newBuilder()
                .weakKeys()
                .maximumWeight(maxBytes)
                .<Stored, BodyFile>weigher((stored, file) -> (int) Math.min(Integer.MAX_VALUE, file.length()))
                // An evicted or collected entry lets go of its file (responses still sending it hold their own), at
                // once on the thread that evicted it: close() has let go of every file when it returns.
                .executor(Runnable::run)
                .removalListener((Stored stored, BodyFile file, com.github.benmanes.caffeine.cache.RemovalCause cause) -> {
                    if (file != null) {
                        file.release();
                    }
                })
                .build();
    }

    /**
     * Files in a new directory under {@code base} (a tmpfs such as {@code /dev/shm}), bounded to {@code maxBytes};
     * empty when {@code base} is not a writable directory or {@code maxBytes} is 0 (answers are sent from memory).
     */
    public static Optional<BodyFiles> under(Optional<Path> base, long maxBytes, WorkerExecutor workers) {
        if (base.isEmpty() || maxBytes <= 0 || !Files.isDirectory(base.get()) || !Files.isWritable(base.get())) {
            return Optional.empty();
        }
        removeOrphans(base.get());
        try {
            Path directory = Files.createTempDirectory(base.get(), PREFIX + ProcessHandle.current().pid() + "-");
            return Optional.of(new BodyFiles(directory, maxBytes, workers));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "No body files under " + base.get() + ": answers go from memory", e);
            return Optional.empty();
        }
    }

    /**
     * The file for {@code stored}, held for one response (release it when sent); if it is not written yet, starts
     * writing it (once) and answers null: send from memory this time.
     */
    BodyFile retained(Stored stored) {
        BodyFile file = files.getIfPresent(stored);
        if (file != null && file.retain()) {
            return file;
        }
        if (file == null && making.add(stored)) {
            workers.executeBlocking(() -> BodyFile.write(directory, stored.raw()), false).onComplete(made -> {
                if (made.succeeded()) {
                    files.put(stored, made.result());
                } else {
                    LOG.log(System.Logger.Level.WARNING, "Could not write a body file", made.cause());
                }
                making.remove(stored);
            });
        }
        return null;
    }

    /** Bytes the files held now weigh on the memory file system, after dropping those whose value is gone. */
    long weightedBytes() {
        return Weights.of(files);
    }

    /** Files held now, after dropping those whose value is gone (for tests). */
    long size() {
        files.cleanUp();
        return files.estimatedSize();
    }

    Path directory() {
        return directory;
    }

    /** Lets go of every file (each is deleted once its last response is sent) and removes the directory. */
    @Override
    public void close() {
        files.invalidateAll();
        files.cleanUp();
        deleteTree(directory);
    }

    /** Directories of server processes that are gone (killed before they could remove their own). */
    private static void removeOrphans(Path base) {
        try (Stream<Path> entries = Files.list(base)) {
            entries.filter(BodyFiles::orphan).forEach(BodyFiles::deleteTree);
        } catch (IOException | UncheckedIOException e) {
            LOG.log(System.Logger.Level.DEBUG, "Could not look for orphaned body files in " + base, e);
        }
    }

    private static boolean orphan(Path entry) {
        String name = entry.getFileName().toString();
        if (!name.startsWith(PREFIX) || !Files.isDirectory(entry)) {
            return false;
        }
        String pid = name.substring(PREFIX.length()).split("-", 2)[0];
        try {
            return ProcessHandle.of(Long.parseLong(pid)).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> tree = Files.walk(root)) {
            tree.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            LOG.log(System.Logger.Level.WARNING, "Could not remove " + root, e);
        }
    }
}
