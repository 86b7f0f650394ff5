package tme.bench.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * Reads HTTP/1.1 responses as their bytes arrive, in any pieces, and drops their bodies: framed by
 * {@code Content-Length} or chunked, as tme-api and nginx send them. A body framed only by the connection's end is
 * not supported (neither server sends one to a keep-alive request) and is an {@link IOException}, as is anything
 * malformed: the generator counts it and reconnects. Interim (1xx) responses are skipped. One response at a time,
 * no pipelining: bytes after a complete response are an error too.
 */
public final class ResponseParser {

    private static final int MAX_LINE_BYTES = 8 * 1024;

    private enum State { STATUS, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, DONE }

    private final StringBuilder line = new StringBuilder(128);
    private State state = State.STATUS;
    private int status;
    private long length = -1; // Content-Length, -1 if none
    private boolean chunked;
    private boolean close;
    private String cache = ""; // X-Cache
    private long remaining; // of the body or the current chunk
    private long bodyBytes;

    /** Consumes bytes of {@code in}; true once a response is complete ({@link #response()}), and then stops. */
    public boolean feed(ByteBuffer in) throws IOException {
        while (in.hasRemaining()) {
            if (state == State.DONE) {
                throw new IOException("bytes after a complete response: the server sent more than was asked");
            }
            if (state == State.BODY || state == State.CHUNK_DATA) {
                skip(in);
            } else if (readLine(in)) {
                onLine(line.toString());
                line.setLength(0);
            }
            if (state == State.DONE && !in.hasRemaining()) {
                return true;
            }
        }
        return state == State.DONE;
    }

    /** The complete response; then the parser is ready for the next one. */
    public Response response() {
        if (state != State.DONE) {
            throw new IllegalStateException("no complete response yet");
        }
        Response response = new Response(status, bodyBytes, !close, cache);
        reset();
        return response;
    }

    /** Forgets any partial response (the connection it came from is gone). */
    public void reset() {
        state = State.STATUS;
        line.setLength(0);
        status = 0;
        length = -1;
        chunked = false;
        close = false;
        cache = "";
        remaining = 0;
        bodyBytes = 0;
    }

    /** True while a response has begun and not ended: the connection's end now would cut it short. */
    public boolean inside() {
        return state != State.STATUS || !line.isEmpty();
    }

    private void skip(ByteBuffer in) {
        int n = (int) Math.min(remaining, in.remaining());
        in.position(in.position() + n);
        remaining -= n;
        bodyBytes += n;
        if (remaining == 0) {
            state = state == State.BODY ? State.DONE : State.CHUNK_END;
        }
    }

    /** Appends up to the next LF; true when the line is complete (without its CRLF or bare LF). */
    private boolean readLine(ByteBuffer in) throws IOException {
        while (in.hasRemaining()) {
            byte b = in.get();
            if (b == '\n') {
                int last = line.length() - 1;
                if (last >= 0 && line.charAt(last) == '\r') {
                    line.setLength(last);
                }
                return true;
            }
            if (line.length() >= MAX_LINE_BYTES) {
                throw new IOException("a response line over " + MAX_LINE_BYTES + " bytes");
            }
            line.append((char) (b & 0xff));
        }
        return false;
    }

    private void onLine(String text) throws IOException {
        switch (state) {
            case STATUS -> {
                status = statusOf(text);
                state = State.HEADERS;
            }
            case HEADERS -> {
                if (text.isEmpty()) {
                    endOfHead();
                } else {
                    header(text);
                }
            }
            case CHUNK_SIZE -> chunkSize(text);
            case CHUNK_END -> {
                if (!text.isEmpty()) {
                    throw new IOException("a chunk not followed by CRLF");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> state = text.isEmpty() ? State.DONE : State.TRAILERS;
            default -> throw new IllegalStateException("no line expected in " + state);
        }
    }

    private static int statusOf(String text) throws IOException {
        // HTTP/1.1 200 OK
        if (!text.startsWith("HTTP/1.") || text.length() < 12 || text.charAt(8) != ' ') {
            throw new IOException("malformed status line: " + text);
        }
        try {
            return Integer.parseInt(text.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("malformed status line: " + text, e);
        }
    }

    private void header(String text) throws IOException {
        int colon = text.indexOf(':');
        if (colon < 1) {
            throw new IOException("malformed header line: " + text);
        }
        String name = text.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = text.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
        switch (name) {
            case "content-length" -> length = number(value, 10, "Content-Length");
            case "transfer-encoding" -> chunked = value.endsWith("chunked");
            case "connection" -> close = value.contains("close");
            case "x-cache" -> cache = value;
            default -> { }
        }
    }

    private void endOfHead() throws IOException {
        if (status >= 100 && status < 200) {
            reset(); // an interim response: the real one follows
        } else if (status == 204 || status == 304) {
            state = State.DONE;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (length >= 0) {
            remaining = length;
            state = length == 0 ? State.DONE : State.BODY;
        } else {
            throw new IOException("a response body framed by the connection's end (no Content-Length, not chunked)");
        }
    }

    private void chunkSize(String text) throws IOException {
        int extension = text.indexOf(';');
        long size = number((extension < 0 ? text : text.substring(0, extension)).trim(), 16, "chunk size");
        if (size == 0) {
            state = State.TRAILERS;
        } else {
            remaining = size;
            state = State.CHUNK_DATA;
        }
    }

    private static long number(String text, int radix, String what) throws IOException {
        try {
            long n = Long.parseLong(text, radix);
            if (n < 0) {
                throw new IOException("negative " + what + ": " + text);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IOException("malformed " + what + ": " + text, e);
        }
    }
}
