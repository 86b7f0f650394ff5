package tme.api.graphql;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A GraphQL answer ({@code ExecutionResult.toSpecification()}: maps, lists, scalars) as JSON bytes, written on a
 * query thread, stopping as soon as it passes {@code maxBytes} ({@code GRAPHQL_MAX_RESPONSE_BYTES}): no buffer grows
 * past the bound (plus the generator's own few KiB), however much the query read.
 */
final class AnswerBytes {

    /** Characters outside the BMP as their UTF-8 bytes, as the stored answers are written ({@code JsonRender}). */
    private static final JsonFactory FACTORY =
            JsonFactory.builder().enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();

    private AnswerBytes() {}

    /** The answer's bytes, or {@link TooLarge} once they pass {@code maxBytes}. */
    static byte[] of(Map<String, Object> answer, long maxBytes) {
        Bounded out = new Bounded(maxBytes);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            write(json, answer);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // only the bound stops a write to memory, and it throws TooLarge
        }
        return out.toByteArray();
    }

    private static void write(JsonGenerator json, Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case Map<?, ?> object -> {
                json.writeStartObject();
                for (Map.Entry<?, ?> field : object.entrySet()) {
                    json.writeFieldName(String.valueOf(field.getKey()));
                    write(json, field.getValue());
                }
                json.writeEndObject();
            }
            case List<?> list -> {
                json.writeStartArray();
                for (Object item : list) {
                    write(json, item);
                }
                json.writeEndArray();
            }
            case String text -> json.writeString(text);
            case Integer number -> json.writeNumber(number);
            case Long number -> json.writeNumber(number);
            case Double number -> json.writeNumber(number);
            case Boolean flag -> json.writeBoolean(flag);
            case Number number -> json.writeNumber(number.toString());
            default -> json.writeString(String.valueOf(value)); // enums and the like, as graphql-java serializes them
        }
    }

    /** The answer grew past the bound: refused whole, with {@code response_too_large}. */
    static final class TooLarge extends RuntimeException {
        TooLarge(long maxBytes) {
            super("The answer is larger than " + maxBytes + " bytes (ask fewer aliases or fields)", null, false, false);
        }
    }

    /** Memory that refuses to grow past its bound. */
    private static final class Bounded extends ByteArrayOutputStream {

        private final long maxBytes;

        Bounded(long maxBytes) {
            super(8192);
            this.maxBytes = maxBytes;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            bound(length);
            super.write(bytes, offset, length);
        }

        @Override
        public void write(int b) {
            bound(1);
            super.write(b);
        }

        private void bound(int more) {
            if (count + (long) more > maxBytes) {
                throw new TooLarge(maxBytes);
            }
        }
    }
}
