package tme.scraper.testing;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake of Telegram's media CDN on 127.0.0.1 (port 0), for the links {@link FakeTme#mediaAt} writes:
 * {@code GET}/{@code HEAD /file/g<generation>/<token>.<ext>} answers the file's bytes ({@link #bytes}: the same
 * for a token in every generation, as the bytes behind a media item never change), with {@code Content-Type} by
 * extension, {@code Content-Length}, and one {@code Range} ({@code bytes=a-b}, {@code a-}, {@code -n}) as a 206.
 * A link of a generation below {@link #retireBelow} is refused with 403, as the CDN refuses expired links; a
 * {@link #redirectTo} knob answers every request with a 302, {@link #chunked} sends bodies without a length, and
 * {@link #hold} keeps requests unanswered until {@link #release}. Hits are counted per path, as they arrive.
 */
public final class FakeCdn implements AutoCloseable {

    private static final Pattern CDN_URL = Pattern.compile(
            "https:(\\\\?/)\\\\?/cdn[0-9]+\\.(?:telesco\\.pe|telegram-cdn\\.org|cdn-telegram\\.org)\\\\?/file\\\\?/");
    private static final Pattern FILE = Pattern.compile("/file/g([0-9]+)/([A-Za-z0-9_\\-]+)(\\.[a-z0-9]+)?");
    private static final Pattern RANGE = Pattern.compile("bytes=([0-9]*)-([0-9]*)");

    private final Map<String, AtomicLong> hits = new ConcurrentHashMap<>();
    private final AtomicLong total = new AtomicLong();
    private volatile int retiredBelow;
    private volatile String redirect;
    private volatile boolean chunked;
    // Requests held unanswered while holding (tests' threads set it, event loops read it); answered on release.
    private volatile boolean holding;
    private final java.util.Queue<Runnable> held = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private HttpServer server;

    private FakeCdn() {}

    public static FakeCdn start(Vertx vertx) {
        FakeCdn cdn = new FakeCdn();
        try {
            cdn.server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                    .requestHandler(cdn::handle).listen().toCompletionStage().toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("fake CDN did not start", e);
        }
        return cdn;
    }

    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.actualPort());
    }

    /** Links of generations below {@code generation} are refused (403) from now on. */
    public FakeCdn retireBelow(int generation) {
        retiredBelow = generation;
        return this;
    }

    /** Every request answers 302 to {@code location} (null: off). */
    public FakeCdn redirectTo(String location) {
        redirect = location;
        return this;
    }

    /** Bodies go out chunked, without {@code Content-Length}, as a CDN streaming a file of unknown size would. */
    public FakeCdn chunked(boolean on) {
        chunked = on;
        return this;
    }

    /** From now on, requests are counted and held unanswered until {@link #release()}. */
    public FakeCdn hold() {
        holding = true;
        return this;
    }

    /** Answers every held request and stops holding. */
    public FakeCdn release() {
        holding = false;
        for (Runnable answer = held.poll(); answer != null; answer = held.poll()) {
            answer.run();
        }
        return this;
    }

    /** Requests for this path ({@code /file/g0/<token>.jpg}). */
    public long hits(String path) {
        AtomicLong count = hits.get(path);
        return count == null ? 0 : count.get();
    }

    public long totalHits() {
        return total.get();
    }

    /** The bytes of the file {@code token} (16 to 80 KiB, from the token's SHA-256): what every generation serves. */
    public static byte[] bytes(String token) {
        byte[] seed = sha256(token.getBytes(StandardCharsets.UTF_8));
        int size = 16 * 1024 + ((seed[0] & 0xff) << 8 | (seed[1] & 0xff));
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i += 32) {
            seed = sha256(seed);
            System.arraycopy(seed, 0, bytes, i, Math.min(32, size - i));
        }
        return bytes;
    }

    /** {@code html} with every Telegram CDN URL pointing at {@code cdn}'s links of {@code generation}. */
    static String rewrite(String html, String cdn, int generation) {
        Matcher matcher = CDN_URL.matcher(html);
        StringBuilder out = new StringBuilder(html.length());
        while (matcher.find()) {
            String slash = matcher.group(1); // "\/" inside a JSON string, "/" in HTML
            String base = slash.length() == 2 ? cdn.replace("/", "\\/") : cdn;
            matcher.appendReplacement(out, Matcher.quoteReplacement(base + slash + "file" + slash + "g" + generation + slash));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    @Override
    public void close() {
        try {
            server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("fake CDN did not stop", e);
        }
    }

    private void handle(HttpServerRequest request) {
        total.incrementAndGet();
        hits.computeIfAbsent(request.path(), path -> new AtomicLong()).incrementAndGet();
        if (holding) {
            request.pause();
            var context = io.vertx.core.Vertx.currentContext();
            held.add(() -> context.runOnContext(ignored -> answer(request)));
            return;
        }
        answer(request);
    }

    private void answer(HttpServerRequest request) {
        var response = request.response();
        if (redirect != null) {
            response.setStatusCode(302).putHeader("location", redirect).end();
            return;
        }
        Matcher file = FILE.matcher(request.path());
        if (!file.matches()) {
            response.setStatusCode(404).end("no such file");
            return;
        }
        if (Integer.parseInt(file.group(1)) < retiredBelow) {
            response.setStatusCode(403).end("link expired");
            return;
        }
        byte[] bytes = bytes(file.group(2));
        response.putHeader("content-type", type(file.group(3))).putHeader("accept-ranges", "bytes");
        Buffer body = ranged(request.getHeader("range"), bytes, response);
        if (body == null) {
            return;
        }
        if (request.method() == HttpMethod.HEAD) {
            response.putHeader("content-length", Integer.toString(body.length())).end();
        } else if (chunked) {
            response.setChunked(true).write(body.slice(0, body.length() / 2));
            response.end(body.slice(body.length() / 2, body.length()));
        } else {
            response.end(body);
        }
    }

    /** The whole file (200), one range of it (206), or null after answering 416. */
    private static Buffer ranged(String range, byte[] bytes, io.vertx.core.http.HttpServerResponse response) {
        Matcher matcher = range == null ? null : RANGE.matcher(range);
        if (matcher == null || !matcher.matches() || (matcher.group(1).isEmpty() && matcher.group(2).isEmpty())) {
            return Buffer.buffer(bytes);
        }
        long first;
        long last;
        if (matcher.group(1).isEmpty()) {
            first = Math.max(0, bytes.length - Long.parseLong(matcher.group(2)));
            last = bytes.length - 1;
        } else {
            first = Long.parseLong(matcher.group(1));
            last = matcher.group(2).isEmpty() ? bytes.length - 1 : Math.min(bytes.length - 1, Long.parseLong(matcher.group(2)));
        }
        if (first >= bytes.length || first > last) {
            response.setStatusCode(416).putHeader("content-range", "bytes */" + bytes.length).end();
            return null;
        }
        response.setStatusCode(206).putHeader("content-range", "bytes " + first + "-" + last + "/" + bytes.length);
        return Buffer.buffer(bytes).slice((int) first, (int) last + 1);
    }

    private static String type(String extension) {
        return switch (extension == null ? "" : extension) {
            case ".jpg", ".jpeg" -> "image/jpeg";
            case ".mp4" -> "video/mp4";
            case ".ogg" -> "audio/ogg";
            case ".webp" -> "image/webp";
            default -> "application/octet-stream";
        };
    }

    private static byte[] sha256(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
