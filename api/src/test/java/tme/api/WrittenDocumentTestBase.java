package tme.api;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The OpenAPI document as written (the resource the server serves at {@code /openapi.json}), read once per test
 * class without a server, and a Vert.x for the class to load or validate it with, closed after the class.
 */
abstract class WrittenDocumentTestBase {

    static Vertx vertx;
    static JsonObject document;

    @BeforeAll
    static void readDocument() {
        vertx = Vertx.vertx();
        try (InputStream in = WrittenDocumentTestBase.class.getClassLoader().getResourceAsStream("openapi.json")) {
            document = new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void closeVertx() {
        TestServer.await(vertx.close());
    }
}
