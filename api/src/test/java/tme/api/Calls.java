package tme.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Requests to a {@link TestServer} whose answers are kept as bytes ({@link HttpAnswer}), for validating them whole. */
final class Calls {

    private final TestServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    Calls(TestServer server) {
        this.server = server;
    }

    HttpAnswer get(String path, String... headers) {
        return send("GET", path, null, null, headers);
    }

    HttpAnswer head(String path, String... headers) {
        return send("HEAD", path, null, null, headers);
    }

    HttpAnswer post(String path, String contentType, String body) {
        return send("POST", path, contentType, body);
    }

    HttpAnswer send(String method, String path, String contentType, String body, String... headers) {
        HttpRequest.Builder request = server.request(path, headers).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        try {
            return HttpAnswer.of(http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A whole request as written ({@code head} and {@code body}) over a plain socket, and its whole answer. */
    HttpAnswer raw(String head, byte[] body) {
        try (Socket socket = new Socket("127.0.0.1", server.server.actualPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(body);
            return HttpAnswer.parse(socket.getInputStream().readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code GET <target>} over a plain socket, for targets an HTTP client would refuse or rewrite. */
    HttpAnswer raw(String target) {
        try (Socket socket = new Socket("127.0.0.1", server.server.actualPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            return HttpAnswer.parse(socket.getInputStream().readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
