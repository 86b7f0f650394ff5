package tme.redis.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on a free loopback port in front of one Redis (or any TCP server), whose link a test or the chaos
 * harness bends while it runs: the faults a network gives a server's Redis link, for that one link, while every
 * other process still reaches Redis directly. Modes, switched at any time:
 * <ul>
 *   <li>{@link #pass()}: bytes go through as they come;</li>
 *   <li>{@link #latency(Duration)}: each chunk is forwarded that long after it arrived, in each direction (a
 *       command's round trip takes twice that more), order kept;</li>
 *   <li>{@link #blackHole()}: connections are accepted and read, nothing is forwarded either way, and nothing is
 *       closed: commands time out as on a partitioned link. A connection that lost bytes can never carry on (its
 *       replies would no longer match its commands), so leaving the black hole closes those (and those accepted
 *       during it), as a peer's TCP does once its retransmissions give up; the client connects again;</li>
 *   <li>{@link #cut()}: every connection is closed at once and new ones are refused (the port is closed) until
 *       another mode is set, which listens on the same port again.</li>
 * </ul>
 * Threads are virtual: one accepts, and each connection has one reader and one writer per direction
 * ({@link ProxyPipe}).
 */
public final class RedisProxy implements AutoCloseable {

    /** The mode the link is in; {@code delay} only for {@link Kind#LATENCY}. */
    record Mode(Kind kind, Duration delay) {
        static final Mode PASS = new Mode(Kind.PASS, Duration.ZERO);
        static final Mode BLACK_HOLE = new Mode(Kind.BLACK_HOLE, Duration.ZERO);
        static final Mode CUT = new Mode(Kind.CUT, Duration.ZERO);
    }

    /** The four behaviours of the link. */
    public enum Kind { PASS, LATENCY, BLACK_HOLE, CUT }

    private final int port;
    private final int targetPort;
    // Open connections (both sockets of each); added by the acceptor, removed when either side ends.
    private final Set<ProxyLink> links = ConcurrentHashMap.newKeySet();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong(); // bytes a black hole read and forwarded nowhere
    private volatile Mode mode = Mode.PASS;
    // Guarded by this: the listening socket, null while cut or closed.
    private ServerSocket listening;
    private boolean closed; // guarded by this

    private RedisProxy(int port, int targetPort) {
        this.port = port;
        this.targetPort = targetPort;
    }

    /** A proxy to {@code 127.0.0.1:targetPort}, passing bytes through, listening on a free loopback port. */
    public static RedisProxy start(int targetPort) {
        RedisProxy proxy = new RedisProxy(freePort(), targetPort);
        proxy.listen();
        return proxy;
    }

    /** A proxy in front of {@code redis}; it follows the server across {@link RedisServer#restart()} (same port). */
    public static RedisProxy to(RedisServer redis) {
        return start(redis.port());
    }

    public int port() {
        return port;
    }

    /** The proxy's own {@code redis://} URL: what the server under test is given as {@code REDIS_URL}. */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public Kind kind() {
        return mode.kind();
    }

    public void pass() {
        switchTo(Mode.PASS);
    }

    /** Adds {@code delay} to each direction (must be positive; {@link #pass()} for none). */
    public void latency(Duration delay) {
        if (!delay.isPositive()) {
            throw new IllegalArgumentException("latency must be positive: " + delay);
        }
        switchTo(new Mode(Kind.LATENCY, delay));
    }

    public void blackHole() {
        switchTo(Mode.BLACK_HOLE);
    }

    public void cut() {
        switchTo(Mode.CUT);
    }

    /** Connections accepted since the start. */
    public long accepted() {
        return accepted.get();
    }

    /** Connections open now. */
    public int open() {
        return links.size();
    }

    /** Bytes a black hole has read and forwarded nowhere, since the start. */
    public long dropped() {
        return dropped.get();
    }

    private synchronized void switchTo(Mode next) {
        Mode before = mode;
        mode = next;
        if (next.kind() == Kind.CUT) {
            stopListening();
            links.forEach(ProxyLink::close);
            return;
        }
        if (before.kind() == Kind.BLACK_HOLE && next.kind() != Kind.BLACK_HOLE) {
            links.stream().filter(ProxyLink::cannotCarryOn).forEach(ProxyLink::close);
        }
        if (listening == null && !closed) {
            listen();
        }
    }

    Mode mode() {
        return mode;
    }

    void droppedBytes(int count) {
        dropped.addAndGet(count);
    }

    void register(ProxyLink link) {
        links.add(link);
    }

    void ended(ProxyLink link) {
        links.remove(link);
    }

    private synchronized void listen() {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true); // the same port again after a cut, its old connections in TIME_WAIT
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
            listening = socket;
            Thread.ofVirtual().name("redis-proxy-accept-" + port).start(() -> acceptAll(socket));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
    }

    private void acceptAll(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                if (socket.isClosed() || mode.kind() == Kind.CUT) {
                    // An accept under way when the cut closed the socket can still complete: refuse it as the closed
                    // port would (seen: one connection taken just after a cut, then a live link to Redis while cut).
                    closeQuietly(client);
                    return;
                }
                accepted.incrementAndGet();
                // Connecting to the target may take a while (up to its timeout): not on the acceptor's thread.
                Thread.ofVirtual().start(() -> ProxyLink.open(this, client, targetPort));
            } catch (IOException closedOrFailed) {
                // a cut or close() closed the listening socket: this acceptor ends
            }
        }
    }

    private void stopListening() {
        if (listening != null) {
            closeQuietly(listening);
            listening = null;
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        stopListening();
        links.forEach(ProxyLink::close);
    }

    static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing is all that is left to do with it
        }
    }

    static int read(InputStream in, byte[] buffer) {
        try {
            return in.read(buffer);
        } catch (IOException closed) {
            return -1;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
