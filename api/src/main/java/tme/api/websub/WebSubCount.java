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
    /**
     * Subscriptions refused by a bound (per topic, per callback host), when verified or when put back after Redis lost
     * them: the callback was told (denied).
     */
    DENIED("websub.denied"),
    /** Subscriptions removed: unsubscribed, or their lease ran out. */
    UNSUBSCRIBED("websub.unsubscribed"),
    EXPIRED("websub.expired"),
    /** Subscriptions made due by a new post (one per new post and subscriber, each server that saw the post). */
    DUE("websub.deliveries_due"),
    /** Deliveries acknowledged (2xx) carrying the posts the subscriber had not had. */
    DELIVERED("websub.deliveries.delivered"),
    /** Posts those deliveries carried. */
    POSTS_DELIVERED("websub.posts_delivered"),
    /** Deliveries of the whole feed, acknowledged: the log no longer held what the subscriber missed. */
    RESYNCS("websub.deliveries.resync"),
    /** Attempts that failed (retried while WEBSUB_RETRY_FOR lasts). */
    FAILED_ATTEMPTS("websub.deliveries.failed_attempts"),
    /** Subscriptions whose deliveries failed for WEBSUB_RETRY_FOR: their cursors moved to the logs' ends. */
    GIVEN_UP("websub.deliveries.given_up"),
    /** Deliveries for a subscription whose lease had run out by then. */
    DROPPED("websub.deliveries.dropped"),
    /** Claims taken over from a server that did not end them within WEBSUB_DELIVERY_LEASE. */
    RECLAIMED("websub.deliveries.reclaimed"),
    /** Deliveries not sent: right before the POST the claim was no longer this server's (or Redis out of reach). */
    NOT_SENT("websub.deliveries.not_sent"),
    /** Deliveries sent whose acknowledgement came after another server took the claim over (it may send again). */
    LATE("websub.deliveries.late"),
    /** Subscriptions put back after Redis lost them (from this server's copy). */
    RESTORED("websub.restored");

    private final String metricName;

    WebSubCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
