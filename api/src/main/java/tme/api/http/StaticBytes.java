package tme.api.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * A small constant answer held in memory (the OpenAPI document, the docs page, its initializer), sent with a strong
 * ETag of its bytes and a short freshness, and a 304 for a matching {@code If-None-Match}. Strong, because the same
 * bytes go out on every server of one version, in one coding; short, because they change with a deploy while their
 * URLs stay the same (revalidating costs a 304).
 */
final class StaticBytes {

    /** Five minutes: a deploy's new document reaches browsers and the edge soon, and revalidation is a 304. */
    static final String CACHE_CONTROL = "public, max-age=300";

    private final Buffer bytes;
    private final String contentType;
    private final String etag;

    StaticBytes(byte[] bytes, String contentType) {
        this.bytes = Buffer.buffer(bytes);
        this.contentType = contentType;
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        this.etag = "\"" + HexFormat.of().toHexDigits((int) crc.getValue()) + "-" + Integer.toHexString(bytes.length)
                + "\"";
    }

    /** A classpath resource, read once; a missing one is a packaging bug, so it fails at start-up. */
    static byte[] resource(String path) {
        try (InputStream in = StaticBytes.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing from the classpath: " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String path) {
        return new String(resource(path), StandardCharsets.UTF_8);
    }

    /** The bytes (none for HEAD), or 304 when the client holds them already. */
    void send(RoutingContext ctx) {
        HttpServerResponse response = ctx.response()
                .putHeader(HttpHeaders.ETAG, etag)
                .putHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
        if (HttpCaching.notModified(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
            response.setStatusCode(304).end();
            return;
        }
        response.putHeader(HttpHeaders.CONTENT_TYPE, contentType);
        Responses.end(ctx, bytes);
    }
}
