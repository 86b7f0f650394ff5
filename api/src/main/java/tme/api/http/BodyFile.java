package tme.api.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One answer's identity bytes in a file on a memory file system (tmpfs), open for reading, sent with
 * {@code sendfile(2)}: the kernel hands the file's pages to the socket, so a hit costs no copy of its body in user
 * space, as nginx serves a static file. The file is held by its cache entry and by every response sending it; the
 * last one to let go closes and deletes it, so an entry evicted while a slow client is still reading stays whole
 * for that client.
 */
final class BodyFile {

    private final Path path;
    private final FileChannel channel;
    private final long length;
    // The cache entry's hold plus one per response in flight; 0 once closed, never raised again.
    private final AtomicInteger holds = new AtomicInteger(1);

    private BodyFile(Path path, FileChannel channel, long length) {
        this.path = path;
        this.channel = channel;
        this.length = length;
    }

    /** Writes {@code body} to a new file in {@code directory}; blocking: call it on a worker. */
    static BodyFile write(Path directory, byte[] body) {
        try {
            Path path = Files.createTempFile(directory, "body-", ".json");
            try (FileChannel out = FileChannel.open(path, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(body);
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
            }
            return new BodyFile(path, FileChannel.open(path, StandardOpenOption.READ), body.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A hold for one response; false when the file is already closed (send the bytes from memory instead). */
    boolean retain() {
        for (int held = holds.get(); held > 0; held = holds.get()) {
            if (holds.compareAndSet(held, held + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Lets go of one hold; the last closes the file and deletes it. */
    void release() {
        if (holds.decrementAndGet() == 0) {
            try (channel) {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                BodyFiles.LOG.log(System.Logger.Level.WARNING, "Could not delete " + path, e);
            }
        }
    }

    FileChannel channel() {
        return channel;
    }

    long length() {
        return length;
    }

    Path path() {
        return path;
    }

    boolean open() {
        return channel.isOpen();
    }
}
