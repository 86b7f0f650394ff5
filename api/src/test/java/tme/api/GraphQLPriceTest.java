package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A query's price is what it reads: its estimated fields ({@code GRAPHQL_MAX_FIELDS}) are checked before any field
 * runs, so a query over them is refused with {@code query_too_expensive} and no t.me request; an answer past
 * {@code GRAPHQL_MAX_RESPONSE_BYTES} is refused with {@code response_too_large}. The defaults leave the queries a real
 * client writes inside, with the arithmetic in {@code GraphQLConfig}.
 */
class GraphQLPriceTest {

    /** One aliased body through the fragment: the alias and 6,942 fields below it. */
    static final int WHOLE_PAGE = 7_344;

    TestServer server;

    @AfterEach
    void stop() {
        server.close();
    }

    /** {@code n} aliases of {@code body} through one fragment asking every field of a page. */
    static String pages(int n) {
        return "fragment page on Body " + GqlSelections.BODY + " { " + IntStream.range(0, n)
                .mapToObj(i -> "p" + i + ": body(channel: \"durov\") { ...page }").collect(Collectors.joining(" "))
                + " }";
    }

    static String names(int n) {
        return IntStream.range(0, n).mapToObj(i -> "\"chan" + i + "\"").collect(Collectors.joining(", ", "[", "]"));
    }

    @Test
    void ninetyWholePages_areRefusedBeforeTheyRun_withNoTmeRequest() {
        server = new TestServer(Map.of());

        JsonObject refused = Gql.answer(Gql.post(server, pages(90)));

        assertNull(refused.getValue("data"));
        JsonObject error = Gql.error(refused);
        assertEquals("query_too_expensive", Gql.extensions(error).getString("code"));
        assertEquals(400, Gql.extensions(error).getInteger("status"));
        assertEquals("The query may resolve " + 90 * WHOLE_PAGE + " fields; at most 250000 are allowed (ask"
                + " fewer aliases or fields)", error.getString("message"));
        assertEquals(0, server.tme.totalHits());
        assertEquals(1, Fleet.metric(server, "tme_graphql_refused_total{limit=\"fields\"}"));
    }

    @Test
    void tenWholePages_areAnswered_fromOneLoad() {
        server = new TestServer(Map.of());

        JsonObject data = Gql.data(server, pages(10));

        assertEquals(10, data.size());
        assertEquals(data.getJsonObject("p0"), data.getJsonObject("p9"));
        assertEquals(1, server.tme.hits("/s/durov"));
    }

    @Test
    void atTheFieldLimit_aQueryRuns_oneFieldMoreIsRefused() {
        server = new TestServer(Map.of("GRAPHQL_MAX_FIELDS", Integer.toString(WHOLE_PAGE)));
        assertEquals("Pavel Durov", Gql.data(server, pages(1)).getJsonObject("p0").getJsonObject("channel")
                .getJsonObject("title").getString("string"));

        JsonObject error = Gql.error(Gql.answer(Gql.post(server,
                "fragment page on Body " + GqlSelections.BODY + " { p0: body(channel: \"durov\") { ...page } __typename }")));

        assertEquals("The query may resolve " + (WHOLE_PAGE + 1) + " fields; at most " + WHOLE_PAGE
                + " are allowed (ask fewer aliases or fields)", error.getString("message"));
    }

    /** The estimate of each query a real client writes, read from the refusal of a server allowing one field. */
    @ParameterizedTest(name = "{0}: {2} fields")
    @CsvSource(delimiter = '|', value = {
        "a whole page|PAGE|7344",
        "ten whole pages|PAGES10|73440",
        "100 previews|PREVIEWS|801",
        "a feed of 100 channels|FEED100|38803",
        "a feed of 100 channels, limit 500|FEED|192403",
    })
    void realQueries_areWellInsideTheDefault(String what, String query, int fields) {
        server = new TestServer(Map.of("GRAPHQL_MAX_FIELDS", "1"));
        String text = switch (query) {
            case "PAGE" -> pages(1);
            case "PAGES10" -> pages(10);
            case "PREVIEWS" -> "{ previews(channels: " + names(100) + ") " + GqlSelections.PREVIEW + " }";
            case "FEED100" -> "{ feed(channels: " + names(100) + ") " + GqlSelections.FEED + " }";
            default -> "{ feed(channels: " + names(100) + ", limit: 500) " + GqlSelections.FEED + " }";
        };

        JsonObject error = Gql.error(Gql.answer(Gql.post(server, text)));

        assertEquals("The query may resolve " + fields + " fields; at most 1 are allowed (ask fewer aliases or"
                + " fields)", error.getString("message"));
        assertEquals(0, server.tme.totalHits());
    }

    @Test
    void anAnswerPastTheByteLimit_isRefused_andTheEntryStillServesRest() {
        server = new TestServer(Map.of("GRAPHQL_MAX_RESPONSE_BYTES", "10000"));

        JsonObject refused = Gql.answer(Gql.post(server, pages(1)));

        assertNull(refused.getValue("data"));
        JsonObject error = Gql.error(refused);
        assertEquals("response_too_large", Gql.extensions(error).getString("code"));
        assertEquals(400, Gql.extensions(error).getInteger("status"));
        assertEquals("The answer is larger than 10000 bytes (ask fewer aliases or fields)", error.getString("message"));
        assertEquals(1, Fleet.metric(server, "tme_graphql_refused_total{limit=\"response\"}"));
        assertEquals("Pavel Durov", Gql.data(server, "{ body(channel: \"durov\") { channel { title { string } } } }")
                .getJsonObject("body").getJsonObject("channel").getJsonObject("title").getString("string"));
        assertEquals(1, server.tme.hits("/s/durov"));
    }
}
