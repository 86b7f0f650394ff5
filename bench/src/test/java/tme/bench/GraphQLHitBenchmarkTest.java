package tme.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import graphql.ExecutionResult;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link GraphQLHitBenchmark}'s methods called once outside JMH: each reads the rendered durov page. */
class GraphQLHitBenchmarkTest {

    @Test
    void everyVariant_readsTheStoredDurovPage() throws Exception {
        GraphQLHitBenchmark bench = new GraphQLHitBenchmark();
        bench.page = Page.DUROV;
        bench.setUp();
        try {
            assertEquals(new JsonObject(new String(Page.DUROV.json(), java.nio.charset.StandardCharsets.UTF_8)),
                    new JsonObject(map(bench.decodePerHit())));
            assertSame(bench.keptCopy(), bench.keptCopy(), "decoded once, kept");
            assertEquals(bench.decodePerHit(), bench.keptCopy());
            ExecutionResult small = bench.executeSmallQuery();
            assertEquals(List.of(), small.getErrors());
            assertEquals(20, posts(small).size());
            ExecutionResult full = bench.executeFullQuery();
            assertEquals(List.of(), full.getErrors());
            assertEquals(481, ((Map<?, ?>) posts(full).getFirst()).get("id"));
            assertTrue(new JsonObject(full.<Map<String, Object>>getData()).encode().length() > 50_000);
        } finally {
            bench.tearDown();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object tree) {
        return (Map<String, Object>) tree;
    }

    private static List<?> posts(ExecutionResult result) {
        Map<String, Object> data = result.getData();
        return (List<?>) map(map(map(data).get("body")).get("content")).get("posts");
    }
}
