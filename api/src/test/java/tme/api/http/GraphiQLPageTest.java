package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.graphql.GraphiQLHandler;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * GraphiQL's page from memory is the page vertx-web-graphql's own handler serves (which reads it from the jar on the
 * event loop), byte for byte and with the same headers: the configuration is built the way the handler builds it.
 */
class GraphiQLPageTest {

    final Vertx vertx = Vertx.vertx();
    final HttpClient client = HttpClient.newHttpClient();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void pageFromMemory_isTheHandlersOwnPage() throws Exception {
        GraphiQLPage page = new GraphiQLPage(Routes.graphiqlOptions());
        Router router = Router.router(vertx);
        router.get("/ours/").handler(page::send);
        router.route("/stock*").subRouter(GraphiQLHandler.create(vertx, Routes.graphiqlOptions()).router());
        HttpServer server = vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        HttpResponse<String> ours = get(server, "/ours/");
        HttpResponse<String> stock = get(server, "/stock/");

        assertEquals(200, ours.statusCode());
        assertEquals(stock.statusCode(), ours.statusCode());
        assertEquals(stock.body(), ours.body());
        assertTrue(ours.body().contains("\"graphQLUri\":\"/graphql\""), ours.body());
        for (String header : new String[] {"content-type", "cache-control", "content-length"}) {
            assertEquals(stock.headers().firstValue(header), ours.headers().firstValue(header), header);
        }
    }

    private HttpResponse<String> get(HttpServer server, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
