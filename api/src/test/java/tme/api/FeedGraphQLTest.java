package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/**
 * GraphQL's {@code feed(channels, limit)}: the same service, request, cache entry and build as {@code /v1/feed},
 * with every value REST has (posts, channels, scores, errors); invalid input refused as REST refuses it; counted by
 * the cost limit as one t.me load per name.
 */
class FeedGraphQLTest {

    final TestClock clock = new TestClock(Instant.parse("2026-05-06T00:00:00Z"));
    final TestServer server = new TestServer(Map.of(), clock, null);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void feed_sameValuesAsRest_fromTheOneBuild_errorsIncluded() {
        server.tme.status("/s/meduzalive", 500);
        HttpResponse<String> rest = server.post("/v1/feed",
                "{\"channels\":[\"durov\",\"meduzalive\",\"zzqxnonexistent\",\"topwar_official\"],\"limit\":30}");

        JsonObject graphql = Gql.data(server, "{ feed(channels: [\"TOPWAR_official\", \"zzqxnonexistent\", \"durov\","
                + " \"meduzalive\"], limit: 30) " + GqlSelections.FEED + " }").getJsonObject("feed");

        GraphQLSharingTest.assertSameAsRest(graphql, TestServer.json(rest), "feed");
        assertEquals(30, graphql.getJsonArray("result").size());
        assertEquals(new JsonArray()
                .add(new JsonObject().put("channel", "meduzalive").put("code", "upstream_unavailable").put("status", 503)
                        .put("retry_after", 5))
                .add(new JsonObject().put("channel", "zzqxnonexistent").put("code", "channel_not_found").put("status", 404)
                        .putNull("retry_after")), graphql.getJsonArray("errors"));
        assertEquals(1L, Fleet.metric(server, "tme_feed_builds_total"), "GraphQL read the entry REST's request built");
        assertEquals(2L, Fleet.metric(server, "tme_feed_requests_total"));
    }

    @Test
    void invalidNamesOrLimit_refuseTheField_namingTheArgument() {
        JsonObject badName = Gql.answer(Gql.post(server, "{ feed(channels: [\"durov\", \"bad-name\"]) { result { id } } }"));
        JsonObject badLimit = Gql.answer(Gql.post(server, "{ feed(channels: [\"durov\"], limit: 501) { result { id } } }"));

        assertNull(badName.getJsonObject("data").getValue("feed"));
        assertEquals("channels[1]", Gql.extensions(Gql.error(badName)).getString("argument"));
        assertEquals("invalid_parameter", Gql.extensions(Gql.error(badName)).getString("code"));
        assertEquals("limit", Gql.extensions(Gql.error(badLimit)).getString("argument"));
        assertEquals("limit must be an integer from 1 to 500: 501", Gql.error(badLimit).getString("message"));
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void costLimit_countsOneLoadPerName() {
        String sixty = names(60);
        JsonObject refused = Gql.answer(Gql.post(server, "{ feed(channels: [" + sixty + "]) { result { id } }"
                + " previews(channels: [" + names(41) + "]) { channel { title } } }"));

        assertEquals("query_too_costly", Gql.extensions(Gql.error(refused)).getString("code"));
        assertEquals("The query may load 101 pages from t.me; at most 100 are allowed", Gql.error(refused).getString("message"));
        assertEquals(0, server.tme.totalHits());
    }

    private static String names(int count) {
        return IntStream.range(0, count).mapToObj(i -> "\"channel" + i + "\"").collect(Collectors.joining(", "));
    }
}
