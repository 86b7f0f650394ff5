package tme.api;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;

/** An answer's body in identity coding, whichever {@code Content-Encoding} it came in (the header stays). */
final class Codings {

    private Codings() {}

    static HttpAnswer decoded(HttpAnswer answer) {
        String coding = answer.header("Content-Encoding").orElse("identity");
        if (answer.body().length == 0 || coding.equals("identity")) {
            return answer;
        }
        return new HttpAnswer(answer.status(), answer.headers(), switch (coding) {
            case "zstd" -> Zstd.decompress(answer.body(), (int) Zstd.getFrameContentSize(answer.body()));
            case "gzip" -> gunzip(answer.body());
            default -> throw new AssertionError("an unknown coding: " + coding);
        });
    }

    private static byte[] gunzip(byte[] body) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
