package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Previews through the query's DataLoader: {@code previews(channels: [30 names])} and 30 aliased {@code preview}
 * fields each load as one batch, one t.me request per channel; a valid channel that fails is null with its own error
 * (at its index, or its alias) and the others are answered; an invalid name refuses the whole field.
 */
class GraphQLPreviewsTest {

    static final int CHANNELS = 30;
    /** Channels t.me says do not exist, and channels t.me fails for. */
    static final int MISSING = 5;
    static final int FAILING = 7;

    final TestServer server = new TestServer(Map.of());

    @BeforeEach
    void channels() {
        // Every name is served as durov's card, except one t.me does not know and one it answers 500 for.
        server.tme.anyChannelAs("durov").status("/" + name(MISSING), 404).status("/" + name(FAILING), 500);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void previewsOf30Names_oneBatch_oneRequestEach_perEntryErrors() {
        String names = IntStream.range(0, CHANNELS).mapToObj(i -> "\"" + name(i) + "\"").collect(Collectors.joining(", "));
        JsonObject answer = Gql.answer(Gql.post(server, "{ previews(channels: [" + names + "]) { channel { title } } }"));

        JsonArray previews = answer.getJsonObject("data").getJsonArray("previews");
        assertEquals(CHANNELS, previews.size());
        for (int i = 0; i < CHANNELS; i++) {
            if (i == MISSING || i == FAILING) {
                assertNull(previews.getValue(i), "entry " + i);
            } else {
                assertEquals("Pavel Durov", previews.getJsonObject(i).getJsonObject("channel").getString("title"));
            }
        }
        Map<List<Object>, JsonObject> errors = byPath(Gql.errors(answer));
        assertEquals(2, errors.size());
        assertNotFound(errors.get(List.of("previews", MISSING)), name(MISSING));
        assertUnavailable(errors.get(List.of("previews", FAILING)), name(FAILING));
        assertOneBatchOneRequestEach();
    }

    @Test
    void thirtyPreviewAliases_oneBatch_oneRequestEach_perFieldErrors() {
        String fields = IntStream.range(0, CHANNELS)
                .mapToObj(i -> alias(i) + ": preview(channel: \"" + name(i) + "\") { channel { title } }")
                .collect(Collectors.joining(" "));
        JsonObject answer = Gql.answer(Gql.post(server, "{ " + fields + " }"));

        JsonObject data = answer.getJsonObject("data");
        for (int i = 0; i < CHANNELS; i++) {
            if (i == MISSING || i == FAILING) {
                assertNull(data.getValue(alias(i)), alias(i));
            } else {
                assertEquals("Pavel Durov", data.getJsonObject(alias(i)).getJsonObject("channel").getString("title"));
            }
        }
        Map<List<Object>, JsonObject> errors = byPath(Gql.errors(answer));
        assertEquals(2, errors.size());
        assertEquals("channel_not_found", Gql.extensions(errors.get(List.of(alias(MISSING)))).getString("code"));
        assertEquals(404, Gql.extensions(errors.get(List.of(alias(MISSING)))).getInteger("status"));
        assertEquals("upstream_unavailable", Gql.extensions(errors.get(List.of(alias(FAILING)))).getString("code"));
        assertEquals(5, Gql.extensions(errors.get(List.of(alias(FAILING)))).getInteger("retryAfter"));
        assertOneBatchOneRequestEach();
    }

    @Test
    void previewsAndPreviewFields_ofOneQuery_shareOneBatch_andLoadANameOnce() {
        JsonObject data = Gql.data(server, "{ previews(channels: [\"durov\", \"chan01\", \"DUROV\"]) { channel { title } }"
                + " one: preview(channel: \"chan01\") { channel { subscribers_count } } }");

        assertEquals(3, data.getJsonArray("previews").size());
        assertEquals(10_552_044L, data.getJsonObject("one").getJsonObject("channel").getLong("subscribers_count"));
        assertEquals(1, Fleet.metric(server, "tme_graphql_preview_batches_total"));
        assertEquals(1, server.tme.hits("/durov"));
        assertEquals(1, server.tme.hits("/chan01"));
        assertEquals(2, server.tme.totalHits());
    }

    @Test
    void anInvalidName_refusesTheWholeField_namingIt_andNothingReachesTme() {
        JsonObject answer = Gql.answer(Gql.post(server,
                "{ previews(channels: [\"durov\", \"bad-name\"]) { channel { title } } }"));

        JsonObject error = Gql.error(answer);
        assertEquals(List.of("previews"), Gql.path(error));
        assertEquals("invalid_parameter", Gql.extensions(error).getString("code"));
        assertEquals(422, Gql.extensions(error).getInteger("status"));
        assertEquals("channels[1]", Gql.extensions(error).getString("argument"));
        assertEquals("channels[1] must be a channel name (4-32 letters, digits or _ starting with a letter), @name or a t.me link: \"bad-name\"",
                error.getString("message"));
        assertNull(answer.getJsonObject("data").getValue("previews"));
        assertEquals(0, server.tme.totalHits());
        assertEquals(0, Fleet.metric(server, "tme_graphql_preview_batches_total"));
    }

    @Test
    void noNames_isAnInputErrorNamingChannels() {
        JsonObject error = Gql.error(Gql.answer(Gql.post(server, "{ previews(channels: []) { channel { title } } }")));
        assertEquals("channels", Gql.extensions(error).getString("argument"));
        assertEquals("channels must hold 1 to 100 names: got 0", error.getString("message"));
    }

    private void assertOneBatchOneRequestEach() {
        assertEquals(1, Fleet.metric(server, "tme_graphql_preview_batches_total"));
        for (int i = 0; i < CHANNELS; i++) {
            assertEquals(1, server.tme.hits("/" + name(i)), name(i));
        }
        assertEquals(CHANNELS, server.tme.totalHits());
    }

    private static void assertNotFound(JsonObject error, String channel) {
        JsonObject extensions = Gql.extensions(error);
        assertEquals("channel_not_found", extensions.getString("code"));
        assertEquals(404, extensions.getInteger("status"));
        assertEquals(channel, extensions.getString("channel"));
        assertFalse(extensions.containsKey("retryAfter"));
        assertEquals("Channel @" + channel + " does not exist or is not public", error.getString("message"));
    }

    private static void assertUnavailable(JsonObject error, String channel) {
        JsonObject extensions = Gql.extensions(error);
        assertEquals("upstream_unavailable", extensions.getString("code"));
        assertEquals(503, extensions.getInteger("status"));
        assertEquals(5, extensions.getInteger("retryAfter"));
        assertEquals(channel, extensions.getString("channel"));
    }

    private static Map<List<Object>, JsonObject> byPath(JsonArray errors) {
        Map<List<Object>, JsonObject> byPath = new java.util.HashMap<>();
        for (int i = 0; i < errors.size(); i++) {
            byPath.put(Gql.path(errors.getJsonObject(i)), errors.getJsonObject(i));
        }
        return byPath;
    }

    private static String name(int i) {
        return String.format("chan%02d", i);
    }

    private static String alias(int i) {
        return String.format("p%02d", i);
    }
}
