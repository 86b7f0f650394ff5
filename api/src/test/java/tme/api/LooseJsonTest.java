package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a documented example is read and compared ({@link LooseJson}, {@link DocExamples}), without a server. */
class LooseJsonTest {

    static Optional<String> compare(String documented, String answered) {
        return LooseJson.mismatch(LooseJson.values(documented).getFirst(), new JsonObject(answered), "$");
    }

    @Test
    void aMemberTheServerAddsAndTheDocLacks_isADifference_unlessTheDocSaysMore() {
        String answered = "{\"type\":\"video\",\"url\":\"https://cdn4.telesco.pe/file/abc.mp4\",\"stable_url\":\"/v1/media/durov/490/0\"}";

        assertEquals(Optional.of("$.stable_url: answered, not documented (\"/v1/media/durov/490/0\")"),
                compare("{ \"type\" : \"video\", \"url\" : \"https://cdn4.telesco.pe/file/abc.mp4\" }", answered));
        assertEquals(Optional.empty(), compare("{ \"type\" : \"video\", … }", answered));
        assertEquals(Optional.empty(), compare("{ \"type\" : \"video\", \"url\" : \"https://cdn4…c.mp4\", "
                + "\"stable_url\" : \"/v1/media/durov/490/0\" }", answered), "… inside a string: its middle");
        assertEquals(Optional.of("$.url: documented \"https://cdn4…x.mp4\", answered \"https://cdn4.telesco.pe/file/abc.mp4\""),
                compare("{ \"type\" : \"video\", \"url\" : \"https://cdn4…x.mp4\", … }", answered));
    }

    @Test
    void anEllipsisItem_standsForAnyNumberOfItems_theOthersInOrder() {
        String answered = "{\"posts\":[{\"id\":481},{\"id\":497},{\"id\":502}]}";

        assertEquals(Optional.empty(), compare("{ \"posts\" : [ …, { \"id\" : 497 }, … ] }", answered));
        assertEquals(Optional.empty(), compare("{ \"posts\" : [ { \"id\" : 481 }, …, { \"id\" : 502 } ] }", answered));
        assertEquals(Optional.of("$.posts: 3 items answered, 1 documented"), compare("{ \"posts\" : [ { \"id\" : 497 } ] }", answered));
        assertEquals("$.posts: documented item 0 is not answered where the doc puts it: {\"id\":497}\n"
                        + "  answered there: $.posts[0].id: documented 497, answered 481",
                compare("{ \"posts\" : [ { \"id\" : 497 }, … ] }", answered).orElseThrow());
        assertEquals(Optional.empty(), compare("{ \"a\" : 0.50 }", "{\"a\":0.5}"), "numbers by value");
    }

    @Test
    void aBlockMayHoldOneValuePerRequest_andAMemberAlone() {
        List<Object> values = LooseJson.values("{ \"status\" : 422 }\n{ \"status\" : 404 }\n");

        assertEquals(List.of(new JsonObject().put("status", 422), new JsonObject().put("status", 404)), values);
    }

    @Test
    void blocks_carryTheirMarkers_andAnUnmarkedAnswerIsSeen() {
        String markdown = """
                <!-- example: GET /v1/post/durov/490 at content.media[0] -->
                ```json
                {}
                ```
                <!-- examples:
                GET /v1/body/durov-chan
                POST /v1/previews {"channels":[]}
                -->
                ```json
                ```
                <!-- example-unchecked: a stream -->
                ```
                ```
                ```sh
                curl localhost:8080/healthz
                ```
                Prose between a marker and its block takes the marker away.
                ```json
                {"status":"ok"}
                ```
                """;

        List<DocExamples.Block> blocks = DocExamples.blocks(markdown);

        assertEquals(4, blocks.size(), "the sh block is no answer");
        assertEquals(List.of(new DocExamples.Request("GET", "/v1/post/durov/490", null, "content.media[0]")),
                blocks.get(0).requests());
        assertEquals(List.of(new DocExamples.Request("GET", "/v1/body/durov-chan", null, null),
                new DocExamples.Request("POST", "/v1/previews", "{\"channels\":[]}", null)), blocks.get(1).requests());
        assertEquals("a stream", blocks.get(2).unchecked());
        assertEquals(false, blocks.get(3).marked());
        assertEquals(18, blocks.get(3).line(), "the fence's line, 1-based");
    }
}
