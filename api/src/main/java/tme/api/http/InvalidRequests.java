package tme.api.http;

import io.netty.handler.codec.TooLongFrameException;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import tme.api.metrics.RouteTemplates;
import tme.api.problem.Problem;
import tme.api.render.ProblemJson;

/**
 * Requests the HTTP decoder rejects before any route sees them (a URI longer than the decoder takes, headers too
 * large, garbage): answered in the same problem shape as everything else, not as Vert.x's plain-text default.
 */
final class InvalidRequests implements Handler<HttpServerRequest> {

    private final RequestStart requests;

    /** Ids and log lines as {@code requests} gives every other request (not timed: no route). */
    InvalidRequests(RequestStart requests) {
        this.requests = requests;
    }

    @Override
    public void handle(HttpServerRequest request) {
        long began = System.nanoTime();
        CharSequence id = requests.id(request); // the headers may be cut short: then a new id
        Throwable cause = request.decoderResult().cause();
        Problem problem = problemFor(cause);
        request.response().setStatusCode(problem.status())
                .putHeader(RequestIds.HEADER, id)
                .putHeader(HttpHeaders.CONTENT_TYPE, Responses.PROBLEM_JSON)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(Buffer.buffer(ProblemJson.bytes(problem)));
        requests.finish(request, id, began, true, RouteTemplates.OTHER, null);
    }

    private static Problem problemFor(Throwable cause) {
        if (cause instanceof FramingRefused framing) {
            return Problem.malformedRequest(400, framing.getMessage() + "; the connection is closed");
        }
        if (cause instanceof TooLongFrameException tooLong) {
            boolean header = tooLong.getMessage() != null && tooLong.getMessage().contains("header");
            return header
                    ? Problem.malformedRequest(431, "Request headers are too large")
                    : Problem.malformedRequest(414, "Request URI is too long");
        }
        return Problem.malformedRequest(400, "Malformed HTTP request");
    }
}
