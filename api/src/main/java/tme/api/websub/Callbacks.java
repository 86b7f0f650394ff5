package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import tme.api.outbound.BoundedBody;
import tme.api.outbound.GuardedClient;
import tme.api.outbound.OutboundRule;

/**
 * The hub's calls to subscribers' callbacks (the verification GET, each delivery POST, a denial), through the one
 * guarded door out: a {@link GuardedClient} on the public-address rule ({@code tme.api.outbound.PublicAddresses}:
 * the request goes to the address checked, a 3xx is a failed call, its target never checked). Each call ends within
 * {@code timeout}, lookup to last byte, and an answer is read up to {@link WebSubConfig#MAX_ANSWER_BYTES}.
 */
final class Callbacks {

    /** What a callback answered, or why no call was made or finished. */
    sealed interface Outcome {
        record Answered(int status, String body) implements Outcome {
            boolean ok() {
                return status >= 200 && status < 300;
            }
        }

        /** The rule refused the URL: nothing was sent. */
        record Refused(String reason) implements Outcome {}

        /** The call failed: no connection, a reset, a timeout, an answer too large. */
        record Failed(String reason) implements Outcome {}
    }

    private final GuardedClient client;
    private final Duration timeout;

    /** {@code client}: on the public-address rule, answers bounded by {@link WebSubConfig#MAX_ANSWER_BYTES}. */
    Callbacks(GuardedClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** Checks {@code url} with the rule; nothing is sent. */
    Future<OutboundRule.Verdict> check(URI url) {
        return client.check(url);
    }

    Future<Outcome> get(URI url) {
        return call(client.open(HttpMethod.GET, url, MultiMap.caseInsensitiveMultiMap()));
    }

    Future<Outcome> post(URI url, MultiMap headers, byte[] body) {
        return call(client.open(HttpMethod.POST, url, headers, Buffer.buffer(body)));
    }

    private Future<Outcome> call(Future<GuardedClient.Outcome> opened) {
        return opened.compose(outcome -> switch (outcome) {
            case GuardedClient.Outcome.Opened answer -> BoundedBody.read(answer.response(),
                    WebSubConfig.MAX_ANSWER_BYTES).map(body -> (Outcome) new Outcome.Answered(
                            answer.response().statusCode(), body.toString()));
            case GuardedClient.Outcome.Refused refused -> Future.succeededFuture(new Outcome.Refused(refused.reason()));
            case GuardedClient.Outcome.TooLarge large -> Future.succeededFuture(new Outcome.Failed(
                    "answer of " + large.length() + " bytes, longer than " + WebSubConfig.MAX_ANSWER_BYTES));
            case GuardedClient.Outcome.Failed failed -> Future.succeededFuture(new Outcome.Failed(failed.detail()));
        }).timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .otherwise(e -> new Outcome.Failed(e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
}
