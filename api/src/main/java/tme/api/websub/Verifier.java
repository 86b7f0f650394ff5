package tme.api.websub;

import io.vertx.core.Future;
import java.security.SecureRandom;
import java.util.HexFormat;
import tme.redis.Counters;

/**
 * Verification of intent (W3C WebSub 5.3), after the request was answered 202: {@code GET} the callback with
 * {@code hub.mode}, {@code hub.topic}, a random {@code hub.challenge} (and {@code hub.lease_seconds} for a
 * subscription); only a 2xx answer whose body is the challenge confirms it. Then the subscription is stored (within
 * the bounds, its cursors at each channel's newest post: what comes next is delivered; past a bound, the callback is
 * told with {@code hub.mode=denied}) or removed.
 */
final class Verifier {

    private static final System.Logger LOG = System.getLogger(Verifier.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Callbacks client;
    private final HubStore store;
    private final Cursors cursors;
    private final WebSubConfig config;
    private final Counters<WebSubCount> counts;
    private final Runnable changed;

    /** {@code changed}: told when a subscription was stored or removed (the hub's watch syncs at once). */
    Verifier(Callbacks client, HubStore store, Cursors cursors, WebSubConfig config, Counters<WebSubCount> counts,
             Runnable changed) {
        this.client = client;
        this.store = store;
        this.cursors = cursors;
        this.config = config;
        this.counts = counts;
        this.changed = changed;
    }

    /** Verifies and applies {@code mode} for {@code subscription}, whose topic the subscriber wrote as {@code topic}. */
    Future<Boolean> verify(String mode, String topic, Subscription subscription, long leaseSeconds) {
        String challenge = HexFormat.of().formatHex(RANDOM.generateSeed(16));
        String query = "hub.mode=" + mode + "&hub.topic=" + Denial.encode(topic) + "&hub.challenge=" + challenge
                + ("subscribe".equals(mode) ? "&hub.lease_seconds=" + leaseSeconds : "");
        return client.get(Denial.with(subscription.callback(), query)).compose(outcome -> {
            if (outcome instanceof Callbacks.Outcome.Answered answered && answered.ok()
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
        return cursors.newest(subscription.channels())
                .compose(at -> store.subscribe(subscription, at, config.maxPerTopic(), config.maxPerHost()))
                .compose(stored -> {
                    if ("ok".equals(stored)) {
                        changed.run();
                        return Future.succeededFuture();
                    }
                    counts.increment(WebSubCount.DENIED);
                    return Denial.send(client, subscription.callback(), topic, Denial.reason(stored, config));
                });
    }
}
