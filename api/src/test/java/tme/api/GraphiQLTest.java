package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** GraphiQL at {@code /graphiql}, served whole from the artifact (nothing from a CDN), and off with {@code GRAPHIQL=false}. */
class GraphiQLTest {

    static final Pattern ASSET = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    @Test
    void graphiql_isServedFromTheServer_withNoExternalUrl() {
        try (TestServer server = new TestServer(Map.of())) {
            HttpResponse<String> bare = server.get("/graphiql");
            assertEquals(302, bare.statusCode());
            assertEquals("/graphiql/", bare.headers().firstValue("Location").orElseThrow());

            HttpResponse<String> page = server.get("/graphiql/");
            assertEquals(200, page.statusCode());
            assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
            assertTrue(page.body().contains("<title>GraphiQL</title>"), page.body());
            assertFalse(page.body().contains("http://") || page.body().contains("https://") || page.body().contains("//cdn"),
                    "an external URL in " + page.body());
            assertTrue(page.body().contains("\"graphQLUri\":\"/graphql\""), "GraphiQL asks this server: " + page.body());
            List<String> assets = assets(page.body());
            assertEquals(2, assets.size(), "the page's script and style sheet: " + assets);
            for (String asset : assets) {
                assertTrue(asset.startsWith("./static/"), asset);
                HttpResponse<String> served = server.get("/graphiql/" + asset.substring(2));
                assertEquals(200, served.statusCode(), asset);
                assertTrue(served.body().length() > 1_000, asset + " is " + served.body().length() + " characters");
            }
            HttpResponse<String> head = server.send(server.request("/graphiql/")
                    .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(405, head.statusCode());
            assertEquals("GET", head.headers().firstValue("Allow").orElseThrow(), "what GraphiQL's router answers");
            assertEquals(0, server.tme.totalHits());
        }
    }

    @Test
    void graphiql_opensOnAnExampleQuery_thatRunsAgainstThisApi() throws Exception {
        String example;
        try (var in = GraphiQLTest.class.getClassLoader().getResourceAsStream("graphiql/example.graphql")) {
            example = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        try (TestServer server = new TestServer(Map.of())) {
            String page = server.get("/graphiql/").body();
            String config = page.substring(page.indexOf("VERTX_GRAPHIQL_CONFIG=") + "VERTX_GRAPHIQL_CONFIG=".length(),
                    page.indexOf("</script>"));
            // Where the page's script takes its first query from: `parameters.query` of the config (a top-level
            // `query`, which Vert.x's setQuery writes, is never read, and a browser showed GraphiQL's welcome text).
            assertEquals(example, new io.vertx.core.json.JsonObject(config).getJsonObject("parameters").getString("query"));
            assertTrue(example.startsWith("# tme-api") && example.contains("/docs"), example);
            String script = assets(page).stream().filter(asset -> asset.endsWith(".js")).findFirst().orElseThrow();
            String code = server.get("/graphiql/" + script.substring(2)).body();
            assertTrue(code.contains("VERTX_GRAPHIQL_CONFIG") && code.contains(".parameters.query"),
                    "the page reads its query from the config's parameters");

            HttpResponse<String> ran = Gql.post(server, example);
            io.vertx.core.json.JsonObject answer = Gql.answer(ran);
            assertEquals(200, ran.statusCode());
            assertFalse(answer.containsKey("errors"), answer.encodePrettily());
            io.vertx.core.json.JsonObject data = answer.getJsonObject("data");
            assertEquals("durov", data.getJsonObject("body").getJsonObject("channel").getString("username"));
            assertEquals(20, data.getJsonObject("body").getJsonObject("content").getJsonArray("posts").size());
            assertEquals(481, data.getJsonObject("post").getInteger("id"));
            assertEquals(1, data.getJsonArray("previews").size());
        }
    }

    @Test
    void graphiqlOff_is404_andGraphQLStillAnswers() {
        try (TestServer server = new TestServer(Map.of("GRAPHIQL", "false"))) {
            ErrorsTest.assertProblem(server.get("/graphiql/"), 404, "route_not_found");
            ErrorsTest.assertProblem(server.get("/graphiql"), 404, "route_not_found");
            assertEquals("Query", Gql.data(server, "{ __typename }").getString("__typename"));
        }
    }

    private static List<String> assets(String html) {
        Matcher matcher = ASSET.matcher(html);
        List<String> assets = new java.util.ArrayList<>();
        while (matcher.find()) {
            assets.add(matcher.group(1));
        }
        return assets;
    }
}
