package tme.api;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** GraphQL over real HTTP to a {@link TestServer}: POST and GET {@code /graphql}, and reading the answer. */
final class Gql {

    private Gql() {}

    /** {@code POST /graphql} with {@code {"query": query}}. */
    static HttpResponse<String> post(TestServer server, String query) {
        return server.post("/graphql", new JsonObject().put("query", query).encode());
    }

    /** {@code POST /graphql} with {@code {"query": query, "variables": variables}}. */
    static HttpResponse<String> post(TestServer server, String query, JsonObject variables) {
        return server.post("/graphql", new JsonObject().put("query", query).put("variables", variables).encode());
    }

    /** {@code GET /graphql?query=...}. */
    static HttpResponse<String> get(TestServer server, String query) {
        return server.get("/graphql?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    }

    /** The answer's JSON, after checking it is a GraphQL answer (HTTP 200, JSON). */
    static JsonObject answer(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new AssertionError("GraphQL answered " + response.statusCode() + ": " + response.body());
        }
        return new JsonObject(response.body());
    }

    /** {@code data} of a POSTed query that must answer without errors. */
    static JsonObject data(TestServer server, String query) {
        JsonObject answer = answer(post(server, query));
        if (answer.containsKey("errors")) {
            throw new AssertionError("unexpected errors: " + answer.encodePrettily());
        }
        return answer.getJsonObject("data");
    }

    static JsonArray errors(JsonObject answer) {
        JsonArray errors = answer.getJsonArray("errors");
        if (errors == null) {
            throw new AssertionError("no errors in " + answer.encode());
        }
        return errors;
    }

    /** The only error of an answer. */
    static JsonObject error(JsonObject answer) {
        JsonArray errors = errors(answer);
        if (errors.size() != 1) {
            throw new AssertionError("expected one error: " + errors.encodePrettily());
        }
        return errors.getJsonObject(0);
    }

    static JsonObject extensions(JsonObject error) {
        return error.getJsonObject("extensions");
    }

    static List<Object> path(JsonObject error) {
        JsonArray path = error.getJsonArray("path");
        return java.util.stream.IntStream.range(0, path.size()).mapToObj(path::getValue).toList();
    }
}
