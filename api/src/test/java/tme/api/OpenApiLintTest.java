package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The document passes the rules of Redocly's recommended set ({@code redocly lint}) that it once broke: every
 * operation has security defined (a public API says so at the root, {@code security: []}), {@code servers} is not
 * empty, and no path ends with a slash ({@code /} itself aside).
 */
class OpenApiLintTest extends WrittenDocumentTestBase {

    @Test
    void securityIsDeclaredAtTheRoot_asNone() {
        assertEquals(new JsonArray(), document.getJsonArray("security"), "a public API: no security scheme");
    }

    @Test
    void servers_nameThisOrigin() {
        JsonArray servers = document.getJsonArray("servers");
        assertEquals(1, servers.size());
        assertEquals("/", servers.getJsonObject(0).getString("url"), "relative: wherever the document is served");
    }

    @Test
    void noPath_endsWithASlash() {
        List<String> slashed = document.getJsonObject("paths").fieldNames().stream()
                .filter(path -> path.length() > 1 && path.endsWith("/")).sorted().toList();
        assertEquals(List.of(), slashed);
        JsonObject page = document.getJsonObject("paths").getJsonObject("/graphiql/index.html");
        assertTrue(page != null && page.getJsonObject("get").getJsonObject("responses").containsKey("200"),
                "GraphiQL's page is documented at its file name");
    }
}
