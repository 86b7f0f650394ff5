package tme.redis.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * One connection through a {@link RedisProxy}: the client's socket, the one to the target (none when it was
 * accepted in a black hole: nothing would be forwarded anyway) and a {@link ProxyPipe} each way. Either side
 * ending ends both.
 */
final class ProxyLink {

    private static final int CONNECT_TIMEOUT_MILLIS = 1000;

    private final RedisProxy proxy;
    private final Socket client;
    private final Socket target; // null: accepted in a black hole
    private volatile boolean lostBytes; // set by a pipe that dropped bytes; such a link cannot carry on
    private volatile boolean closed;

    private ProxyLink(RedisProxy proxy, Socket client, Socket target) {
        this.proxy = proxy;
        this.client = client;
        this.target = target;
    }

    /**
     * Connects {@code client} to the target and starts forwarding; when the target refuses (Redis down), closes the
     * client at once, as a refused connection would be.
     */
    static void open(RedisProxy proxy, Socket client, int targetPort) {
        Socket target = null;
        try {
            client.setTcpNoDelay(true);
            if (proxy.mode().kind() != RedisProxy.Kind.BLACK_HOLE) {
                target = new Socket();
                target.setTcpNoDelay(true);
                target.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort),
                        CONNECT_TIMEOUT_MILLIS);
            }
            ProxyLink link = new ProxyLink(proxy, client, target);
            proxy.register(link);
            if (proxy.mode().kind() == RedisProxy.Kind.CUT) {
                link.close(); // cut while it was being connected: the cut closes every connection
                return;
            }
            link.start();
        } catch (IOException refused) {
            RedisProxy.closeQuietly(client);
            if (target != null) {
                RedisProxy.closeQuietly(target);
            }
        }
    }

    private void start() throws IOException {
        String name = "redis-proxy-" + proxy.port() + "-" + client.getPort();
        ProxyPipe.start(this, client.getInputStream(), target == null ? null : target.getOutputStream(),
                name + "-up");
        if (target != null) {
            ProxyPipe.start(this, target.getInputStream(), client.getOutputStream(), name + "-down");
        }
    }

    RedisProxy.Mode mode() {
        return proxy.mode();
    }

    /** A pipe read {@code count} bytes it will never forward. */
    void lost(int count) {
        lostBytes = true;
        proxy.droppedBytes(count);
    }

    /** It lost bytes, or was accepted in a black hole with nowhere to forward to: it must end with the black hole. */
    boolean cannotCarryOn() {
        return lostBytes || target == null;
    }

    boolean closed() {
        return closed;
    }

    void close() {
        closed = true;
        RedisProxy.closeQuietly(client);
        if (target != null) {
            RedisProxy.closeQuietly(target);
        }
        proxy.ended(this);
    }
}
