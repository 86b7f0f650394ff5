package tme.bench.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * One keep-alive HTTP/1.1 connection, used by one thread at a time: connects on first use, sends a request, reads
 * its response, and reconnects on the next use after a failure or a {@code Connection: close}. Blocking, meant for a
 * virtual thread each (the JDK parks it on the socket instead of holding a carrier).
 */
public final class Connection implements AutoCloseable {

    private final InetSocketAddress address;
    private final int timeoutMillis;
    private final ResponseParser parser = new ResponseParser();
    private final byte[] buffer = new byte[16 * 1024];
    private Socket socket;
    private OutputStream out;
    private InputStream in;

    /** {@code timeout} bounds connecting and each wait for bytes of the response. */
    public Connection(InetSocketAddress address, Duration timeout) {
        this.address = address;
        this.timeoutMillis = Math.toIntExact(Math.max(1, timeout.toMillis()));
    }

    /** Connects now if not connected, so a burst can open every connection before it sends anything. */
    public void connect() throws IOException {
        if (socket != null) {
            return;
        }
        Socket fresh = new Socket();
        try {
            fresh.setTcpNoDelay(true);
            fresh.connect(address, timeoutMillis);
            fresh.setSoTimeout(timeoutMillis);
            out = fresh.getOutputStream();
            in = fresh.getInputStream();
            socket = fresh;
        } catch (IOException e) {
            fresh.close();
            throw e;
        }
    }

    /**
     * Sends {@code request} and reads the whole response. On any failure the connection is closed (the next call
     * reconnects) and the exception thrown: a {@link SocketTimeoutException} when the server took longer than the
     * timeout to send the next bytes.
     */
    public Response exchange(Request request) throws IOException {
        connect();
        try {
            out.write(request.bytes());
            out.flush();
            Response response = read();
            if (!response.keepAlive()) {
                close();
            }
            return response;
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private Response read() throws IOException {
        parser.reset();
        while (true) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new EOFException(parser.inside() ? "connection closed inside the response"
                        : "connection closed before a response");
            }
            if (parser.feed(ByteBuffer.wrap(buffer, 0, n))) {
                return parser.response();
            }
        }
    }

    @Override
    public void close() {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // nothing was pending on it that anyone waits for
        } finally {
            socket = null;
            out = null;
            in = null;
        }
    }
}
