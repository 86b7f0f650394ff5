package tme.api.websub;

import tme.redis.Counters;

/** What the hub counts, by metric name. */
enum WebSubCount implements Counters.Metric {
    /** Subscription and unsubscription requests answered 202 (to be verified). */
    REQUESTS_ACCEPTED("websub.requests_accepted"),
    /** Requests refused at once: their callback is not on a public address (or does not resolve). */
    CALLBACKS_REFUSED("websub.callbacks_refused"),
    /** Intents verified: the callback echoed the challenge. */
    VERIFIED("websub.verified"),
    /** Verifications that failed: no echo, another status, no answer; nothing stored. */
    VERIFICATION_FAILURES("websub.verification_failures"),
    /** Verified subscriptions refused by a bound (per topic, per callback host): the callback was told (denied). */
    DENIED("websub.denied"),
    /** Subscriptions removed: unsubscribed, or their lease ran out. */
    UNSUBSCRIBED("websub.unsubscribed"),
    EXPIRED("websub.expired"),
    /** Deliveries queued (one per new post and subscriber, for the fleet). */
    QUEUED("websub.deliveries_queued"),
    DELIVERED("websub.deliveries.delivered"),
    /** Attempts that failed (retried while WEBSUB_RETRY_FOR lasts). */
    FAILED_ATTEMPTS("websub.deliveries.failed_attempts"),
    GIVEN_UP("websub.deliveries.given_up"),
    /** Deliveries for a subscription that was gone or expired by then. */
    DROPPED("websub.deliveries.dropped"),
    /** Deliveries taken over from a server that gave no sign of life for WEBSUB_DELIVERY_LEASE. */
    RECLAIMED("websub.deliveries.reclaimed");

    private final String metricName;

    WebSubCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
