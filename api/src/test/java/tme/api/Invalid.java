package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;

/** The one check of a 422 answer: its code, the parameter it names and its detail, exactly. */
final class Invalid {

    private Invalid() {}

    static void assertInvalid(HttpResponse<String> answer, String parameter, String detail) {
        assertEquals(422, answer.statusCode(), answer.body());
        JsonObject problem = new JsonObject(answer.body());
        assertEquals("invalid_parameter", problem.getString("code"));
        assertEquals(parameter, problem.getString("parameter"));
        assertEquals(detail, problem.getString("detail"));
    }
}
