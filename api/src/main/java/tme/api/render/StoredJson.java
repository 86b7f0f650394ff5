package tme.api.render;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a stored answer's JSON (what {@code JsonRender} wrote) back into plain, immutable maps and lists, the form
 * GraphQL's default fetchers read fields from ({@code map.get(fieldName)}): the JSON's field names are the schema's.
 * Immutable because one decoded answer is shared by every query that reads it, on every event loop.
 */
public final class StoredJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private StoredJson() {}

    /** The JSON value in {@code utf8}: a {@code Map<String, Object>}, a {@code List<Object>}, or a scalar. */
    public static Object decode(byte[] utf8) {
        try (JsonParser parser = FACTORY.createParser(utf8)) {
            return value(parser, parser.nextToken());
        } catch (IOException e) {
            // Stored JSON was written by our own renderer; unreadable bytes are a bug, not input.
            throw new UncheckedIOException("stored JSON is unreadable", e);
        }
    }

    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> parser.getText();
            // Ints as Integer (GraphQL's Int), larger ones (Unix times past 2038) as Long.
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.INT
                    ? (Object) parser.getIntValue() : (Object) parser.getLongValue();
            case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            // The renderer never writes null; an absent field and a null read the same in GraphQL.
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected " + token + " in stored JSON");
        };
    }

    private static Map<String, Object> object(JsonParser parser) throws IOException {
        Map<String, Object> fields = new HashMap<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            String name = parser.currentName();
            Object value = value(parser, parser.nextToken());
            if (value != null) {
                fields.put(name, value);
            }
        }
        return Map.copyOf(fields);
    }

    private static List<Object> array(JsonParser parser) throws IOException {
        List<Object> items = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            items.add(value(parser, token));
        }
        return List.copyOf(items);
    }
}
