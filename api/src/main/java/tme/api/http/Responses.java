package tme.api.http;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import tme.api.render.ProblemJson;
import tme.api.service.Answer;
import tme.api.service.Problem;

/** Writes answers and problems: the only code that turns a {@link Problem} into a status and headers. */
final class Responses {

    static final String JSON = "application/json; charset=utf-8";
    static final String PROBLEM_JSON = "application/problem+json; charset=utf-8";

    private Responses() {}

    /** Sends whatever the service answered; a failed future is a bug and becomes a 500 via the failure handler. */
    static void send(RoutingContext ctx, Future<Answer> answer) {
        answer.onComplete(result -> {
            if (result.failed()) {
                ctx.fail(result.cause());
            } else {
                switch (result.result()) {
                    case Answer.Json json -> json(ctx, json.bytes());
                    case Answer.Failure failure -> problem(ctx, failure.problem());
                }
            }
        });
    }

    static void json(RoutingContext ctx, byte[] bytes) {
        if (ctx.response().closed()) {
            return;
        }
        ctx.response().putHeader("Content-Type", JSON).end(Buffer.buffer(bytes));
    }

    static void problem(RoutingContext ctx, Problem problem) {
        HttpServerResponse response = ctx.response();
        if (response.closed() || response.ended()) {
            return;
        }
        response.setStatusCode(problem.status()).putHeader("Content-Type", PROBLEM_JSON);
        if (problem.retryAfter() != null) {
            response.putHeader("Retry-After", Long.toString(ProblemJson.retryAfterSeconds(problem)));
        }
        response.putHeader("Cache-Control", "no-store").end(Buffer.buffer(ProblemJson.bytes(problem)));
    }
}
