package tme.api.websub;

import io.vertx.core.Future;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import tme.redis.Counters;

/**
 * Verification of intent (W3C WebSub 5.3), after the request was answered 202: {@code GET} the callback with
 * {@code hub.mode}, {@code hub.topic}, a random {@code hub.challenge} (and {@code hub.lease_seconds} for a
 * subscription); only a 2xx answer whose body is the challenge confirms it. Then the subscription is stored (within
 * the bounds; past one, the callback is told with {@code hub.mode=denied}) or removed.
 */
final class Verifier {

    private static final System.Logger LOG = System.getLogger(Verifier.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CallbackClient client;
    private final HubStore store;
    private final WebSubConfig config;
    private final Counters<WebSubCount> counts;
    private final Runnable changed;

    /** {@code changed}: told when a subscription was stored or removed (the hub's watch syncs at once). */
    Verifier(CallbackClient client, HubStore store, WebSubConfig config, Counters<WebSubCount> counts, Runnable changed) {
        this.client = client;
        this.store = store;
        this.config = config;
        this.counts = counts;
        this.changed = changed;
    }

    /** Verifies and applies {@code mode} for {@code subscription}, whose topic the subscriber wrote as {@code topic}. */
    Future<Boolean> verify(String mode, String topic, Subscription subscription, long leaseSeconds) {
        String challenge = HexFormat.of().formatHex(RANDOM.generateSeed(16));
        String query = "hub.mode=" + mode + "&hub.topic=" + encode(topic) + "&hub.challenge=" + challenge
                + ("subscribe".equals(mode) ? "&hub.lease_seconds=" + leaseSeconds : "");
        return client.get(with(subscription.callback(), query)).compose(outcome -> {
            if (outcome instanceof CallbackClient.Outcome.Answered answered && answered.ok()
                    && challenge.equals(answered.body().trim())) {
                counts.increment(WebSubCount.VERIFIED);
                return apply(mode, topic, subscription).map(true);
            }
            counts.increment(WebSubCount.VERIFICATION_FAILURES);
            LOG.log(System.Logger.Level.INFO, "WebSub " + mode + " of " + subscription.callback() + " not verified: "
                    + outcome);
            return Future.succeededFuture(false);
        });
    }

    private Future<Void> apply(String mode, String topic, Subscription subscription) {
        if ("unsubscribe".equals(mode)) {
            counts.increment(WebSubCount.UNSUBSCRIBED);
            return store.unsubscribe(subscription).onSuccess(done -> changed.run());
        }
        return store.subscribe(subscription, config.maxPerTopic(), config.maxPerHost()).compose(stored -> {
            if ("ok".equals(stored)) {
                changed.run();
                return Future.succeededFuture();
            }
            counts.increment(WebSubCount.DENIED);
            String reason = "topic_full".equals(stored)
                    ? "this topic has " + config.maxPerTopic() + " subscriptions, its most"
                    : "callbacks on this host have " + config.maxPerHost() + " subscriptions, their most";
            return client.get(with(subscription.callback(), "hub.mode=denied&hub.topic=" + encode(topic)
                    + "&hub.reason=" + encode(reason))).mapEmpty();
        });
    }

    /** {@code callback} with {@code query} added to any query it has. */
    static URI with(String callback, String query) {
        return URI.create(callback + (callback.contains("?") ? "&" : "?") + query);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
