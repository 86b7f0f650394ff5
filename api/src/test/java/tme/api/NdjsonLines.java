package tme.api;

import io.vertx.core.json.JsonObject;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A reader of a JSON-lines answer that takes one line at a time, when the test asks: a plain socket with a small
 * receive buffer, so what the server has sent and the reader has not taken stays small, and a server that waits for
 * its reader is seen to wait. Reads HTTP/1.1 chunked bodies.
 */
final class NdjsonLines implements AutoCloseable {

    /** The socket's receive buffer: the kernel holds little on the reader's side. */
    private static final int RECEIVE_BUFFER = 4096;

    private final Socket socket;
    private final InputStream in;
    private final int status;
    private int chunkLeft; // bytes left in the current chunk; -1 after the last chunk
    private int linesRead;

    NdjsonLines(int port, String target) {
        try {
            socket = new Socket();
            socket.setReceiveBufferSize(RECEIVE_BUFFER);
            socket.setSoTimeout(60_000);
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            in = new BufferedInputStream(socket.getInputStream(), 256);
            status = Integer.parseInt(header().split(" ")[1]);
            while (!header().isEmpty()) {
                // the headers: the test reads the status only
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int status() {
        return status;
    }

    int linesRead() {
        return linesRead;
    }

    /** The next line as JSON, or null at the end of the answer. */
    JsonObject next() {
        try {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = bodyByte(); b != -1; b = bodyByte()) {
                if (b == '\n') {
                    linesRead++;
                    return new JsonObject(line.toString(StandardCharsets.UTF_8));
                }
                line.write(b);
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private int bodyByte() throws IOException {
        if (chunkLeft == 0) {
            String size = header();
            if (size.isEmpty()) {
                size = header(); // the CRLF that closes the chunk before
            }
            chunkLeft = Integer.parseInt(size.trim(), 16);
            if (chunkLeft == 0) {
                chunkLeft = -1;
            }
        }
        if (chunkLeft < 0) {
            return -1;
        }
        chunkLeft--;
        return in.read();
    }

    private String header() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("the answer ended inside a line of its head");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
