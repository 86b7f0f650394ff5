package tme.api.metrics;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Consumer;

/**
 * When a routed request's answer is over, and whether it was sent whole: what the access log and the request timing
 * both wait for. vertx-web fails a request's end as soon as the request itself fails, and a body its decoder refuses
 * ({@code POST /websub} with {@code =x}) fails the request before the failure handler writes the 400: taken at its
 * word, that end reads as a client gone (499, no bytes) while the client gets its 400. So a failed end whose response
 * is still open waits for that response's body to end.
 */
public final class AnswerEnd {

    private AnswerEnd() {}

    /** Calls {@code sent} once the answer of {@code ctx} has ended (true) or its connection closed first (false). */
    public static void whenOver(RoutingContext ctx, Consumer<Boolean> sent) {
        ctx.addEndHandler(ended -> {
            HttpServerResponse response = ctx.response();
            if (ended.failed() && !response.ended() && !response.closed()) {
                ctx.addBodyEndHandler(written -> sent.accept(true));
            } else {
                sent.accept(ended.succeeded());
            }
        });
    }
}
