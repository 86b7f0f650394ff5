package tme.api.render;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import tme.api.problem.Problem;

/**
 * The {@code /v1/previews} answer: one field per channel, in request order, holding the channel's stored preview
 * JSON as it is, or {@code {"error":{...problem...}}} when that channel failed.
 */
public final class PreviewsJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private PreviewsJson() {}

    /**
     * One channel's entry.
     *
     * @param name    the field name (the lower-cased channel name)
     * @param json    the stored preview JSON, or null when {@code problem} took its place
     * @param problem why the channel has no preview, or null
     */
    public record Entry(String name, byte[] json, Problem problem) {}

    public static byte[] bytes(List<Entry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024 * Math.max(1, entries.size()));
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartObject();
            for (Entry entry : entries) {
                json.writeFieldName(entry.name());
                write(json, entry);
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void write(JsonGenerator json, Entry entry) throws IOException {
        if (entry.problem() == null) {
            json.writeRawValue(new String(entry.json(), java.nio.charset.StandardCharsets.UTF_8));
            return;
        }
        json.writeStartObject();
        json.writeFieldName("error");
        ProblemJson.write(json, entry.problem());
        json.writeEndObject();
    }
}
