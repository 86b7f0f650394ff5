package tme.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 exchange over a plain socket, written byte for byte as the caller builds it (a target no HTTP client
 * would send: percent-garbage, raw UTF-8, control characters), read back whole: a body of {@code Content-Length}
 * bytes, chunked, or none (HEAD, 1xx, 204, 304). An event stream is read up to its first message and hung up on,
 * as a client leaving a stream does. Redirects are answers here, never followed.
 */
final class RawHttp {

    private static final int TIMEOUT_MILLIS = 20_000;

    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    HttpAnswer exchange(String method, String target, Map<String, String> headers, byte[] body) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.writeBytes((method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            headers.forEach((name, value) -> head.writeBytes((name + ": " + value + "\r\n")
                    .getBytes(StandardCharsets.UTF_8)));
            if (body != null) {
                head.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            }
            head.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                head.writeBytes(body);
            }
            socket.getOutputStream().write(head.toByteArray());
            return read(socket.getInputStream(), method.equals("HEAD"));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + shortened(target), e);
        }
    }

    private static HttpAnswer read(InputStream in, boolean head) throws IOException {
        String statusLine = line(in);
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        HttpAnswer headOnly = new HttpAnswer(status, headers, new byte[0]);
        byte[] body;
        if (head || status == 204 || status == 304 || status < 200) {
            body = in.readAllBytes(); // none is due: whatever comes is a body a HEAD or 304 must not have
        } else if (headOnly.header("Content-Type").orElse("").startsWith("text/event-stream")) {
            body = firstMessage(in);
        } else if (headOnly.header("Transfer-Encoding").orElse("").contains("chunked")) {
            body = chunked(in);
        } else if (headOnly.header("Content-Length").isPresent()) {
            body = in.readNBytes(Integer.parseInt(headOnly.header("Content-Length").orElseThrow()));
        } else {
            body = in.readAllBytes();
        }
        return new HttpAnswer(status, headers, body);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
            body.writeBytes(in.readNBytes(size));
            line(in);
        }
        return body.toByteArray();
    }

    private static int chunkSize(InputStream in) throws IOException {
        String line = line(in);
        int extension = line.indexOf(';');
        return Integer.parseInt((extension < 0 ? line : line.substring(0, extension)).trim(), 16);
    }

    /** An event stream's bytes up to its first blank line. */
    private static byte[] firstMessage(InputStream in) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        int previous = -1;
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b == '\r') {
                continue;
            }
            read.write(b);
            if (b == '\n' && previous == '\n') {
                break;
            }
            previous = b;
        }
        return dechunked(read.toByteArray());
    }

    /** A stream's first message as it came, chunk sizes out (a stream is chunked; its first chunk holds it). */
    private static byte[] dechunked(byte[] raw) {
        String text = new String(raw, StandardCharsets.UTF_8);
        int firstLine = text.indexOf('\n');
        if (firstLine > 0 && text.substring(0, firstLine).trim().matches("[0-9a-fA-F]+")) {
            return text.substring(firstLine + 1).getBytes(StandardCharsets.UTF_8);
        }
        return raw;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the answer ended mid-line: " + line.toString(StandardCharsets.ISO_8859_1));
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    static String shortened(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "… (" + text.length() + " chars)" : text;
    }
}
