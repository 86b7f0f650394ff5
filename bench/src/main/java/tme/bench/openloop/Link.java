package tme.bench.openloop;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import tme.bench.http.ResponseParser;

/**
 * One keep-alive connection of the open loop and what it is doing: closed (until {@link #reopenAt}), connecting,
 * idle, or carrying request {@link #request}. Touched only by the loop's thread; {@link Driver} decides, this only
 * opens, writes and closes.
 */
final class Link {

    static final long IDLE = -1;

    final int target; // the index of its server among the run's targets
    private final InetSocketAddress address;
    final ResponseParser parser = new ResponseParser();
    SocketChannel channel; // null while closed
    SelectionKey key;
    boolean connected;
    long reopenAt; // System.nanoTime() after which a closed link connects again
    long request = IDLE; // the schedule index in flight
    long sentNanos;
    private ByteBuffer unsent; // what is left to write of the request

    Link(int target, InetSocketAddress address) {
        this.target = target;
        this.address = address;
    }

    boolean busy() {
        return request != IDLE;
    }

    /** Starts connecting, non-blocking; true if it is connected already (loopback often is). */
    boolean open(Selector selector) throws IOException {
        channel = SocketChannel.open();
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        parser.reset();
        connected = channel.connect(address);
        key = channel.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, this);
        return connected;
    }

    /** The connect the selector said is done; from now on it reads (which also tells when the server lets go). */
    void finishConnect() throws IOException {
        channel.finishConnect();
        connected = true;
        key.interestOps(SelectionKey.OP_READ);
    }

    /** Sends request {@code i}, its {@code bytes}, as much as the socket takes now; the rest when it is writable. */
    void send(long i, byte[] bytes) throws IOException {
        request = i;
        unsent = ByteBuffer.wrap(bytes);
        sentNanos = System.nanoTime();
        writeRest();
    }

    void writeRest() throws IOException {
        channel.write(unsent);
        key.interestOps(unsent.hasRemaining() ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    /** Closes the socket (a request on it is the caller's to account for) and stays closed until {@code reopenAt}. */
    void close(long reopenAt) {
        if (channel != null) {
            try {
                channel.close(); // also cancels its key
            } catch (IOException e) {
                // closing a socket of ours: nothing to do about it
            }
        }
        channel = null;
        key = null;
        connected = false;
        request = IDLE;
        this.reopenAt = reopenAt;
    }
}
