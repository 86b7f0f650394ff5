package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real answers of {@code /v1/history} validate against the served OpenAPI document: the 200's status, headers and
 * media type, each post line as a {@code Post} and the last line as a {@code HistoryEnd}, for every way a walk ends
 * that a plain server shows (limit, since, start); 422 for each bad parameter; 404.
 */
class OpenApiHistoryTest extends ServedContractTestBase {

    @Test
    void history_linesAndEnds_andErrors() {
        server.tme.longChannel(HistoryTest.CHANNEL, 45);
        for (String query : List.of("?limit=25", "?since=2026-04-19T00:00:00Z", "?before=30&until=2026-04-20")) {
            HttpAnswer answer = checked("GET", "/v1/history/" + HistoryTest.CHANNEL + query, 200);
            List<JsonObject> lines = HistoryTest.lines(answer.text());
            for (JsonObject post : lines.subList(0, lines.size() - 1)) {
                contract.validateSchema("Post", post, query + " post " + post.getInteger("id"));
            }
            contract.validateSchema("HistoryEnd", lines.getLast(), query + " end");
        }
        for (String bad : List.of("?limit=0", "?limit=x", "?since=soon", "?until=2026-02-30", "?before=0",
                "?since=2026-04-20&until=2026-04-19")) {
            checked("GET", "/v1/history/" + HistoryTest.CHANNEL + bad, 422);
        }
        checked("GET", "/v1/history/bad-name", 422);
        checked("GET", "/v1/history/zzqxnonexistent", 404);
    }

    private HttpAnswer checked(String method, String path, int status, String... headers) {
        HttpAnswer answer = validated(method, path, headers);
        assertEquals(status, answer.status(), method + " " + path + ": " + answer);
        return answer;
    }
}
