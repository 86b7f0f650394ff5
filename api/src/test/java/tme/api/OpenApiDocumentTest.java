package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.openapi.contract.OpenAPIVersion;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.ChannelName;
import tme.api.service.ChannelNames;
import tme.api.service.Position;
import tme.scraper.model.EntityType;

/**
 * The OpenAPI document on its own: valid OpenAPI 3.1, consistent (HEAD mirrors GET), and in agreement with the code
 * (the problem codes {@link Problem} makes, the input types' rules, the entity types) and with {@code docs/api.md}
 * (its routes, their error statuses, each code's status).
 */
class OpenApiDocumentTest extends WrittenDocumentTestBase {

    @Test
    void document_isValidOpenApi31_andEveryReferenceResolves() {
        assertEquals("3.1.0", document.getString("openapi"));
        SchemaRepository repository = TestServer.await(OpenAPIVersion.V3_1.getRepository(vertx, "app://"));
        OutputUnit result = TestServer.await(OpenAPIVersion.V3_1.validateContract(vertx, repository, document));
        assertTrue(result.getValid(), "not valid OpenAPI 3.1: " + result.getErrors());
        // Loading resolves every $ref and builds every operation, response, header and parameter.
        ApiContract.of(vertx, document);
    }

    @Test
    void everyHead_answersItsGetsStatusesAndHeaders_withoutBodies() {
        JsonObject paths = document.getJsonObject("paths");
        for (String path : paths.fieldNames()) {
            JsonObject item = paths.getJsonObject(path);
            if (!item.containsKey("head")) {
                continue;
            }
            JsonObject get = responses(item.getJsonObject("get"));
            JsonObject head = responses(item.getJsonObject("head"));
            assertEquals(get.fieldNames(), head.fieldNames(), "HEAD " + path + " statuses");
            for (String status : head.fieldNames()) {
                assertTrue(head.getJsonObject(status).getJsonObject("content", new JsonObject()).isEmpty(),
                        "HEAD " + path + " " + status + " has content");
                if (status.startsWith("2") || status.startsWith("3")) {
                    assertEquals(headerNames(get.getJsonObject(status)), headerNames(head.getJsonObject(status)),
                            "HEAD " + path + " " + status + " headers");
                }
            }
        }
    }

    @Test
    void problemCodes_areExactlyTheCodesTheServerMakes() {
        JsonArray documented = component("schemas", "Problem").getJsonObject("properties").getJsonObject("code")
                .getJsonArray("enum");
        assertEquals(new TreeSet<>(problemCodes()), strings(documented), "the codes Problem makes");
    }

    @Test
    void problemAnswers_pairStatusesAndCodes_asDocsApiMdDoes() throws IOException {
        Set<String> pairs = new TreeSet<>();
        Matcher row = Pattern.compile("(?m)^\\| (\\d{3}) \\| `([a-z_]+)` \\|").matcher(apiMd());
        while (row.find()) {
            pairs.add(row.group(1) + " " + row.group(2));
        }
        JsonObject responses = document.getJsonObject("components").getJsonObject("responses");
        for (String name : responses.fieldNames()) {
            JsonObject problem = responses.getJsonObject(name).getJsonObject("content", new JsonObject())
                    .getJsonObject("application/problem+json");
            if (problem == null) {
                continue;
            }
            JsonObject narrowed = problem.getJsonObject("schema").getJsonArray("allOf").getJsonObject(1)
                    .getJsonObject("properties");
            for (Object status : values(narrowed.getJsonObject("status"))) {
                for (Object code : values(narrowed.getJsonObject("code"))) {
                    assertTrue(pairs.contains(status + " " + code),
                            name + " answers " + status + " " + code + ", which docs/api.md's errors table does not pair");
                }
            }
        }
    }

    @Test
    void routesInDocsApiMd_areDocumented_withTheErrorStatusesItLists() throws IOException {
        Matcher row = Pattern.compile("(?m)^\\| ((?:GET|POST)(?:, (?:GET|POST))*) \\| `([^`?]+)[^`]*` \\|[^|]*\\| ([^|]+) \\|$")
                .matcher(apiMd());
        int rows = 0;
        while (row.find()) {
            rows++;
            JsonObject item = document.getJsonObject("paths").getJsonObject(row.group(2));
            assertTrue(item != null, "docs/api.md's route " + row.group(2) + " is not in openapi.json");
            Set<String> statuses = new TreeSet<>();
            Matcher status = Pattern.compile("\\b[1-5]\\d\\d\\b").matcher(row.group(3));
            while (status.find()) {
                statuses.add(status.group());
            }
            // A row naming several methods lists the statuses of them all.
            Set<String> answered = new TreeSet<>();
            for (String method : row.group(1).split(", ")) {
                JsonObject operation = item.getJsonObject(method.toLowerCase(java.util.Locale.ROOT));
                assertTrue(operation != null, method + " " + row.group(2) + " is not in openapi.json");
                answered.addAll(operation.getJsonObject("responses").fieldNames());
            }
            assertTrue(answered.containsAll(statuses), row.group(1) + " " + row.group(2) + ": docs/api.md lists "
                    + statuses + ", openapi.json " + answered);
        }
        assertTrue(rows >= 9, "read " + rows + " rows of docs/api.md's routes table");
    }

    @Test
    void inputRules_areTheInputTypesRules() {
        Pattern documented = Pattern.compile(component("schemas", "ChannelName").getString("pattern"));
        for (String name : List.of("durov", "DuRoV", "demo_empty", "abcd", "a".repeat(32), "a".repeat(33), "abc",
                "_durov", "1durov", "durov-chan", "дуров", " durov", "durov ")) {
            assertEquals(accepts(() -> ChannelName.parse("channel", name)), documented.matcher(name).matches(), name);
        }
        JsonObject number = component("schemas", "PostNumber");
        int max = number.getInteger("maximum");
        assertEquals(1, number.getInteger("minimum"));
        assertTrue(accepts(() -> Position.parse("position", Integer.toString(max))), "the documented maximum");
        assertTrue(!accepts(() -> Position.parse("position", Integer.toString(max + 1))), "past the maximum");
        assertTrue(!accepts(() -> Position.parse("position", "0")), "below the minimum");
        JsonObject channels = component("schemas", "ChannelsRequest").getJsonObject("properties")
                .getJsonObject("channels");
        assertEquals(ChannelNames.MAX, channels.getInteger("maxItems"));
        assertEquals(Arrays.stream(EntityType.values()).map(EntityType::wireName).collect(Collectors.toSet()),
                strings(component("schemas", "Entity").getJsonObject("properties").getJsonObject("type")
                        .getJsonArray("enum")));
    }

    /** Every code a {@link Problem} factory gives, called with any arguments. */
    private static Set<String> problemCodes() {
        Set<String> codes = new TreeSet<>();
        for (Method factory : Problem.class.getDeclaredMethods()) {
            if (Modifier.isStatic(factory.getModifiers()) && factory.getReturnType() == Problem.class) {
                List<Object> arguments = new ArrayList<>();
                for (Class<?> type : factory.getParameterTypes()) {
                    arguments.add(type == String.class ? "x" : type == int.class ? 400 : type == long.class ? 1L
                            : Duration.ofSeconds(1));
                }
                try {
                    codes.add(((Problem) factory.invoke(null, arguments.toArray())).code());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(factory.toString(), e);
                }
            }
        }
        return codes;
    }

    private static boolean accepts(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (InvalidInput e) {
            return false;
        }
    }

    private static List<Object> values(JsonObject narrowed) {
        return narrowed.containsKey("const") ? List.of(narrowed.getValue("const"))
                : narrowed.getJsonArray("enum").stream().toList();
    }

    private static Set<String> strings(JsonArray array) {
        return array.stream().map(String::valueOf).collect(Collectors.toCollection(TreeSet::new));
    }

    private static JsonObject responses(JsonObject operation) {
        JsonObject resolved = new JsonObject();
        JsonObject responses = operation.getJsonObject("responses");
        for (String status : responses.fieldNames()) {
            JsonObject response = responses.getJsonObject(status);
            resolved.put(status, response.containsKey("$ref") ? reference(response.getString("$ref")) : response);
        }
        return resolved;
    }

    private static Set<String> headerNames(JsonObject response) {
        return response.getJsonObject("headers", new JsonObject()).fieldNames();
    }

    private static JsonObject reference(String ref) {
        String[] parts = ref.substring("#/components/".length()).split("/");
        return component(parts[0], parts[1]);
    }

    private static JsonObject component(String kind, String name) {
        return document.getJsonObject("components").getJsonObject(kind).getJsonObject(name);
    }

    /** {@code docs/api.md}, from the module's folder (where Maven runs the tests). */
    private static String apiMd() throws IOException {
        return Files.readString(Path.of("..", "docs", "api.md"));
    }
}
