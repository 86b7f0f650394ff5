package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The validation bites: real answers, each changed in one way the document does not allow, fail {@link ApiContract}
 * (a field too many or of the wrong type, a missing required header, a header value off its schema, a status, media
 * type or problem code the operation does not document). Without these, a validator that accepted everything
 * would pass {@link OpenApiValidationTest} too.
 */
class ApiContractTest {

    private static TestServer server;
    private static ApiContract contract;
    private static HttpAnswer body;
    private static HttpAnswer unavailable;

    @BeforeAll
    static void answers() {
        server = new TestServer();
        contract = ApiContract.servedBy(server);
        Calls calls = new Calls(server);
        body = calls.get("/v1/body/durov");
        server.tme.status(500);
        unavailable = calls.get("/v1/preview/durov");
        assertEquals(503, unavailable.status());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theRealAnswers_validate() {
        contract.validate("GET", "/v1/body/durov", body);
        contract.validate("GET", "/v1/preview/durov", unavailable);
    }

    @Test
    void aFieldTheDocumentDoesNotName_fails() {
        rejected("GET", "/v1/body/durov", withJson(body, json -> {
            json.getJsonObject("content").getJsonArray("posts").getJsonObject(0).getJsonObject("footer")
                    .put("reposts", "12");
            return json;
        }), "#/content/posts");
    }

    @Test
    void aFieldOnAPostItself_fails() {
        // Post is PostFields closed by unevaluatedProperties (a feed item extends the same fields), not by
        // additionalProperties: this is the case that keeps it closed.
        rejected("GET", "/v1/body/durov", withJson(body, json -> {
            json.getJsonObject("content").getJsonArray("posts").getJsonObject(0).put("score", 1.5);
            return json;
        }), "#/content/posts");
    }

    @Test
    void aValueOfTheWrongType_fails() {
        rejected("GET", "/v1/body/durov", withJson(body, json -> {
            json.getJsonObject("content").getJsonArray("posts").getJsonObject(0).put("id", "481");
            return json;
        }), "#/content/posts");
    }

    @Test
    void anUnknownMediaKind_fails() {
        rejected("GET", "/v1/body/durov", withJson(body, json -> {
            json.getJsonObject("content").getJsonArray("posts").getJsonObject(0).getJsonObject("content")
                    .put("media", new io.vertx.core.json.JsonArray().add(new JsonObject().put("type", "hologram")));
            return json;
        }), "#/content/posts");
    }

    @Test
    void aMissingRequiredHeader_fails() {
        rejected("GET", "/v1/body/durov", withHeaders(body, headers -> {
            headers.remove("etag");
            return headers;
        }), "required header parameter etag");
    }

    @Test
    void aHeaderValueOffItsSchema_fails() {
        rejected("GET", "/v1/body/durov", withHeaders(body, headers -> {
            headers.put("x-cache", List.of("L3"));
            return headers;
        }), "header parameter x-cache");
        rejected("GET", "/v1/preview/durov", withHeaders(unavailable, headers -> {
            headers.put("retry-after", List.of("soon"));
            return headers;
        }), "header parameter retry-after");
    }

    @Test
    void aStatusTheOperationDoesNotDocument_fails() {
        rejected("GET", "/v1/body/durov", new HttpAnswer(418, body.headers(), body.body()),
                "status 418 is not documented for getBody");
    }

    @Test
    void aMediaTypeTheDocumentDoesNotList_fails() {
        rejected("GET", "/v1/body/durov", withHeaders(body, headers -> {
            headers.put("content-type", List.of("text/html; charset=utf-8"));
            return headers;
        }), "answered text/html, the document lists [application/json]");
    }

    @Test
    void aProblemCodeThisStatusNeverCarries_fails() {
        rejected("GET", "/v1/preview/durov", withJson(unavailable, json -> json.put("code", "upstream_timeout")),
                "at #/code");
        rejected("GET", "/v1/preview/durov", withJson(unavailable, json -> {
            json.remove("retry_after");
            return json;
        }), "required property \"retry_after\"");
    }

    /** The changed answer fails validation, and the failure says {@code why}. */
    private static void rejected(String method, String path, HttpAnswer changed, String why) {
        AssertionError error = assertThrows(AssertionError.class, () -> contract.validate(method, path, changed));
        assertTrue(error.getMessage().contains(why), "rejected, but not for " + why + ": " + error.getMessage());
    }

    private static HttpAnswer withJson(HttpAnswer answer, UnaryOperator<JsonObject> change) {
        byte[] changed = change.apply(answer.json()).encode().getBytes(StandardCharsets.UTF_8);
        return new HttpAnswer(answer.status(), answer.headers(), changed);
    }

    private static HttpAnswer withHeaders(HttpAnswer answer, UnaryOperator<Map<String, List<String>>> change) {
        return new HttpAnswer(answer.status(), change.apply(new LinkedHashMap<>(answer.headers())), answer.body());
    }
}
