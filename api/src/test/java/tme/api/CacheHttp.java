package tme.api;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * What the cache tests need on top of {@link TestServer}: answers as raw bytes (zstd bodies are not text), a
 * header read, the server's {@code /metrics}, and waiting for a condition with a deadline instead of sleeping.
 */
final class CacheHttp {

    // Generous: it costs nothing when the condition comes true, and a busy machine may take many times a quiet one's.
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration POLL_PAUSE = Duration.ofMillis(5);

    private CacheHttp() {}

    /**
     * GET with optional header name/value pairs; the body as the server sent it (the JDK client neither asks for
     * nor decodes any Content-Encoding). A new client each time: each request opens its own connection, as a
     * new visitor's would, and no pooled connection outlives its server into the next test on a reused port.
     */
    static HttpResponse<byte[]> get(TestServer server, String path, String... headers) {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            return client.send(server.request(path, headers).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** The level that answered: {@code L1}, {@code L2} or {@code upstream}. */
    static String level(HttpResponse<?> response) {
        return header(response, "X-Cache");
    }

    static long age(HttpResponse<?> response) {
        return Long.parseLong(header(response, "Age"));
    }

    static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    /** A zstd frame's content (the frame declares its size, as ours always do). */
    static byte[] unzstd(byte[] frame) {
        long size = Zstd.getFrameContentSize(frame);
        if (size < 0) {
            throw new AssertionError("not a zstd frame with a declared size: " + size);
        }
        return Zstd.decompress(frame, (int) size);
    }

    /** One series from {@code GET /metrics} ({@code tme_cache_puts_total}, with labels if any). */
    static long metric(TestServer server, String series) {
        return PrometheusText.of(server).count(series);
    }

    /** Polls until {@code condition} holds; fails naming {@code what} once the deadline passes. */
    static void awaitUntil(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(DEADLINE);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not within " + DEADLINE + ": " + what);
            }
            LockSupport.parkNanos(POLL_PAUSE.toNanos());
        }
    }
}
