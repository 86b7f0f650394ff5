package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * GraphQL off the event loops, over real HTTP: every field of a query runs on a query thread, whether its load
 * completed on a loop (cold) or was a hit; past {@code GRAPHQL_QUEUE_LIMIT} a query is a fast 503 {@code overloaded}
 * with {@code Retry-After}; past {@code GRAPHQL_TIMEOUT} it ends with {@code query_timeout}.
 */
class GraphQLExecutionTest {

    /** body, meta, offset, before (4); previews, its one channel and title (3); feed, result, id (3). */
    static final String QUERY = "{ body(channel: \"durov\") { meta { offset { before } } }"
            + " previews(channels: [\"durov\"]) { channel { title } }"
            + " feed(channels: [\"durov\"], limit: 1) { result { id } } }";
    static final int QUERY_FIELDS = 10;

    TestServer server;

    @AfterEach
    void stop() {
        server.tme.reset();
        server.close();
    }

    @Test
    void everyField_runsOnAQueryThread_coldAndWarm() {
        server = new TestServer(Map.of());

        JsonObject cold = Gql.data(server, QUERY);
        JsonObject warm = Gql.data(server, QUERY);

        assertEquals(cold, warm);
        assertEquals("Pavel Durov", warm.getJsonArray("previews").getJsonObject(0).getJsonObject("channel")
                .getString("title"));
        assertEquals(2, server.tme.totalHits(), "cold: durov's latest page (body and feed) and preview; warm: none");
        assertEquals(2L * QUERY_FIELDS, Fleet.metric(server, "tme_graphql_fields_total"));
        assertEquals(0, Fleet.metric(server, "tme_graphql_fields_on_loop_total"));
    }

    @Test
    void pastTheQueueLimit_queriesAreAFast503Overloaded_withRetryAfter() {
        server = new TestServer(Map.of("GRAPHQL_CONCURRENCY", "1", "GRAPHQL_QUEUE_LIMIT", "1"));
        String page = "fragment page on Body " + GqlSelections.BODY + " { "
                + IntStream.range(0, 10).mapToObj(i -> "a" + i + ": body(channel: \"durov\") { ...page }")
                .reduce("", String::concat) + " }";
        Gql.data(server, page);
        List<CompletableFuture<HttpResponse<String>>> burst = IntStream.range(0, 24)
                .mapToObj(i -> server.postAsync("/graphql", new JsonObject().put("query", page).encode())).toList();

        List<HttpResponse<String>> answers = burst.stream().map(CompletableFuture::join).toList();

        List<HttpResponse<String>> shed = answers.stream().filter(answer -> answer.statusCode() == 503).toList();
        assertEquals(24, shed.size() + answers.stream().filter(answer -> answer.statusCode() == 200).count());
        assertTrue(!shed.isEmpty(), "24 queries at once on one thread with room for one waiting: some are shed");
        HttpResponse<String> refused = shed.getFirst();
        assertEquals("1", refused.headers().firstValue("Retry-After").orElseThrow());
        assertEquals("overloaded", TestServer.json(refused).getString("code"));
        assertEquals("Too many GraphQL queries are waiting to run; retry later",
                TestServer.json(refused).getString("detail"));
        assertEquals(shed.size(), Fleet.metric(server, "tme_graphql_shed_total"));
        assertEquals(1, server.tme.totalHits());
    }

    @Test
    void pastTheDeadline_aQueryEndsWithQueryTimeout_andTheLoadGoesOn() throws InterruptedException {
        // Long enough for the fetcher to start its load first on a busy machine; a query that touches no channel
        // loads GraphQL's classes first, which a fresh JVM's first query otherwise spends the deadline on.
        server = new TestServer(Map.of("GRAPHQL_TIMEOUT", "2s", "TELEGRAM_TIMEOUT", "10s"));
        assertEquals(200, server.postAsync("/graphql", new JsonObject().put("query", "{ __typename }").encode())
                .join().statusCode());
        server.tme.holdRequests();

        CompletableFuture<HttpResponse<String>> waiting = server.postAsync("/graphql",
                new JsonObject().put("query", "{ body(channel: \"durov\") { meta { offset { before } } } }").encode());
        assertTrue(server.tme.awaitHeld(1, FleetAwait.DEADLINE));
        HttpResponse<String> answer = waiting.join();

        JsonObject error = Gql.error(Gql.answer(answer));
        assertEquals("query_timeout", Gql.extensions(error).getString("code"));
        assertEquals(504, Gql.extensions(error).getInteger("status"));
        assertEquals("The query did not finish within 2000 ms", error.getString("message"));
        assertEquals("no-store", answer.headers().firstValue("Cache-Control").orElseThrow());
        assertEquals(1, Fleet.metric(server, "tme_graphql_timed_out_total"));
        server.tme.release();
        assertEquals(200, server.get("/v1/body/durov").statusCode());
        assertEquals(1, server.tme.hits("/s/durov"), "the load the query started served the next reader");
    }
}
