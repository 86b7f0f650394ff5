package tme.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Raw HTTP/1.1 over loopback sockets, for what a client library would not send or not show: half a request line, a
 * body that never ends, two framings at once, and whether the server closed the connection.
 */
final class Wire {

    /** Longer than any deadline the tests set, on any machine: a read that waits this long found nothing closed. */
    static final int PATIENCE_MILLIS = 30_000;
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    private Wire() {}

    /** A connection to {@code server} from 127.0.0.1. */
    static Socket open(TestServer server) {
        return open(server, "127.0.0.1");
    }

    /** A connection from {@code local} (127.0.0.2 is loopback too on Linux: another client address). */
    static Socket open(TestServer server, String local) {
        try {
            Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), server.server.actualPort(),
                    InetAddress.getByName(local), 0);
            socket.setSoTimeout(PATIENCE_MILLIS);
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void send(Socket socket, String text) {
        try {
            socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Everything the server sends until it closes the connection. Fails if it is still open after {@link
     * #PATIENCE_MILLIS}. A reset (the server closed with our bytes unread) ends it as a close does.
     */
    static String untilClosed(Socket socket) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            InputStream in = socket.getInputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                all.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("still open after " + PATIENCE_MILLIS + " ms; read: " + text(all), e);
        } catch (SocketException reset) {
            // closed by the server while our bytes were unread: as closed as an EOF
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text(all);
    }

    /** One answer on a kept-alive connection: its head and its {@code Content-Length} bytes. */
    static String answer(Socket socket) {
        try {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!text(head).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new AssertionError("closed mid-answer: " + text(head));
                }
                head.write(b);
            }
            Matcher length = CONTENT_LENGTH.matcher(text(head));
            int bodyLength = length.find() ? Integer.parseInt(length.group(1)) : 0;
            return text(head) + new String(in.readNBytes(bodyLength), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code GET path} on a connection of its own, closed after the answer: the whole answer. */
    static String get(TestServer server, String local, String path) {
        try (Socket socket = open(server, local)) {
            send(socket, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            return untilClosed(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A series of {@code GET /metrics} from {@code local}, read on a connection closed after it (a kept-alive one
     * would count in the idle closes the tests count).
     */
    static long metric(TestServer server, String local, String series) {
        String metrics = get(server, local, "/metrics");
        for (String line : metrics.split("\n")) {
            if (line.startsWith(series + " ")) {
                return (long) Double.parseDouble(line.substring(series.length() + 1).trim());
            }
        }
        throw new AssertionError(series + " is not served: " + metrics);
    }

    static long metric(TestServer server, String series) {
        return metric(server, "127.0.0.1", series);
    }

    /** The status of each answer in {@code text} (each status line at the start of a line). */
    static java.util.List<Integer> statuses(String text) {
        return Pattern.compile("(?m)^HTTP/1\\.[01] (\\d{3}) ").matcher(text).results()
                .map(match -> Integer.parseInt(match.group(1))).toList();
    }

    static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }
}
