package tme.redis.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One direction of a {@link ProxyLink}: a reader that takes each chunk as it arrives and stamps it with the time it
 * is due (now + the link's latency), and a writer that forwards the chunks in order, each no earlier than due. In a
 * black hole (or with nowhere to forward to) a chunk is dropped, when read and when due alike.
 */
final class ProxyPipe {

    private static final int CHUNK = 16 * 1024;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50); // how soon a writer sees its link end

    private record Chunk(byte[] bytes, long dueNanos) {}

    private final ProxyLink link;
    private final InputStream from;
    private final OutputStream to; // null: a link accepted in a black hole
    private final BlockingQueue<Chunk> chunks = new LinkedBlockingQueue<>();

    private ProxyPipe(ProxyLink link, InputStream from, OutputStream to) {
        this.link = link;
        this.from = from;
        this.to = to;
    }

    static void start(ProxyLink link, InputStream from, OutputStream to, String name) {
        ProxyPipe pipe = new ProxyPipe(link, from, to);
        Thread.ofVirtual().name(name + "-read").start(pipe::readAll);
        Thread.ofVirtual().name(name + "-write").start(pipe::writeAll);
    }

    private void readAll() {
        byte[] buffer = new byte[CHUNK];
        for (int n = RedisProxy.read(from, buffer); n >= 0; n = RedisProxy.read(from, buffer)) {
            RedisProxy.Mode mode = link.mode();
            if (to == null || mode.kind() == RedisProxy.Kind.BLACK_HOLE) {
                link.lost(n);
            } else if (n > 0) {
                chunks.add(new Chunk(Arrays.copyOf(buffer, n), System.nanoTime() + mode.delay().toNanos()));
            }
        }
        link.close(); // this side ended (or a cut closed it): the other side ends too
    }

    private void writeAll() {
        try {
            while (!link.closed()) {
                Chunk chunk = chunks.poll(POLL_NANOS, TimeUnit.NANOSECONDS);
                if (chunk != null) {
                    forward(chunk);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException closed) {
            link.close();
        }
    }

    private void forward(Chunk chunk) throws IOException {
        for (long wait = chunk.dueNanos() - System.nanoTime(); wait > 0; wait = chunk.dueNanos() - System.nanoTime()) {
            LockSupport.parkNanos(wait); // the latency mode's delay: what this pipe is for, not a test's wait
        }
        if (link.mode().kind() == RedisProxy.Kind.BLACK_HOLE) {
            link.lost(chunk.bytes().length);
            return;
        }
        to.write(chunk.bytes());
        to.flush();
    }
}
