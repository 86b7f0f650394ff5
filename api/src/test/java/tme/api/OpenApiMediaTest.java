package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.FakeCdn;

/** Every answer of {@code /v1/media/...}, redirect and stream, GET and HEAD, holds to the served OpenAPI document. */
class OpenApiMediaTest {

    private static Vertx vertx;
    private static ApiContract contract;
    private static FakeCdn cdn;
    private CacheFleet fleet = CacheFleet.withoutRedis();

    @BeforeAll
    static void readTheServedDocument() {
        vertx = Vertx.vertx();
        cdn = FakeCdn.start(vertx);
        try (TestServer serving = new TestServer()) {
            contract = ApiContract.of(vertx, new JsonObject(serving.get("/openapi.json").body()));
        }
    }

    @AfterAll
    static void close() {
        cdn.close();
        TestServer.await(vertx.close());
    }

    @AfterEach
    void stop() {
        fleet.close();
    }

    @Test
    void redirectMode_everyAnswerIsDocumented() {
        Calls calls = new Calls(fleet.server());
        checked(calls, "GET", "/v1/media/durov/489/0", 302);
        checked(calls, "HEAD", "/v1/media/durov/489/0", 302);
        checked(calls, "GET", "/v1/media/durov/489/0/thumb", 302);
        checked(calls, "GET", "/v1/media/durov/avatar", 302);
        checked(calls, "HEAD", "/v1/media/durov/avatar", 302);
        checked(calls, "GET", "/v1/media/durov/489/4", 404);
        checked(calls, "HEAD", "/v1/media/durov/489/4/thumb", 404);
        checked(calls, "GET", "/v1/media/durov/1000/0", 404);
        checked(calls, "GET", "/v1/media/durov/489/zz", 422);
        checked(calls, "GET", "/v1/media/durov/0/0", 422);
    }

    @Test
    void streamMode_everyAnswerIsDocumented() {
        fleet.tme.mediaAt(cdn.baseUrl());
        Calls calls = new Calls(fleet.server(Map.of("MEDIA_MODE", "stream", "MEDIA_HOSTS", "http://127.0.0.1")));
        HttpAnswer whole = checked(calls, "GET", "/v1/media/durov/481/0", 200);
        checked(calls, "HEAD", "/v1/media/durov/481/0", 200);
        checked(calls, "GET", "/v1/media/durov/481/0", 206, "Range", "bytes=10-19");
        checked(calls, "HEAD", "/v1/media/durov/481/0", 206, "Range", "bytes=10-19");
        checked(calls, "GET", "/v1/media/durov/481/0", 304, "If-None-Match", whole.header("ETag").orElseThrow());
        Calls refusing = new Calls(fleet.server(Map.of("MEDIA_MODE", "stream")));
        checked(refusing, "GET", "/v1/media/durov/481/0", 502);
        checked(refusing, "HEAD", "/v1/media/durov/481/0", 502);
    }

    private static HttpAnswer checked(Calls calls, String method, String path, int status, String... headers) {
        HttpAnswer answer = calls.send(method, path, null, null, headers);
        assertEquals(status, answer.status(), method + " " + path + ": " + answer);
        contract.validate(method, path, answer);
        return answer;
    }
}
