package tme.api.render;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import tme.api.problem.Problem;

/**
 * The one JSON error shape, RFC 9457 problem details:
 * {@code {"status":422,"title":"Unprocessable Content","code":"invalid_parameter","detail":"...","parameter":"channel"}}.
 */
public final class ProblemJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private ProblemJson() {}

    public static byte[] bytes(Problem problem) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            write(json, problem);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Writes the problem object into an open generator (used inside the /v1/previews map too). */
    public static void write(JsonGenerator json, Problem problem) throws IOException {
        json.writeStartObject();
        json.writeNumberField("status", problem.status());
        json.writeStringField("title", problem.title());
        json.writeStringField("code", problem.code());
        json.writeStringField("detail", problem.detail());
        if (problem.parameter() != null) {
            json.writeStringField("parameter", problem.parameter());
        }
        if (problem.retryAfter() != null) {
            json.writeNumberField("retry_after", retryAfterSeconds(problem));
        }
        json.writeEndObject();
    }

    /** Reads back what {@link #bytes} wrote (problems travel as bytes through the cache's leases). */
    public static Problem parse(byte[] bytes) {
        JsonObject json = new JsonObject(Buffer.buffer(bytes));
        Long retryAfter = json.getLong("retry_after");
        return new Problem(json.getInteger("status"), json.getString("code"), json.getString("detail"),
                json.getString("parameter"), retryAfter == null ? null : Duration.ofSeconds(retryAfter));
    }

    /** Whole seconds, rounded up, at least 1: what the Retry-After header carries too. */
    public static long retryAfterSeconds(Problem problem) {
        long millis = problem.retryAfter().toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }
}
