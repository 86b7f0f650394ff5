package tme.coalescing;

import tme.redis.Counters;

/** The coalescing counters, by metric name. */
enum Count implements Counters.Metric {
    /** Loader calls in this process (a refresh's included). */
    LOADS("coalescing.loads"),
    /** Loads that waited for another process's lease first. */
    LEASE_WAITS("coalescing.lease.waits"),
    /** Leases taken after waiting on another holder's (it finished without a value, or lapsed). */
    LEASE_TAKEOVERS("coalescing.lease.takeovers"),
    /** Waits that reached {@code maxWait} and loaded here. */
    LEASE_WAIT_TIMEOUTS("coalescing.lease.wait_timeouts"),
    /**
     * Loads of ours that another process overtook: our lease was lost (or our wait reached {@code maxWait}, or our
     * load failed) and a value stored since our flight began was there, so our callers got it instead of waiting on.
     */
    TAKEOVER_ANSWERS("coalescing.takeover_answers"),
    /** Domain failures received from another process's lease instead of loading. */
    SHARED_FAILURES("coalescing.lease.shared_failures"),
    /** Loads done here without a lease because Redis was slow, down or bypassed. */
    LOCAL_FALLBACKS("coalescing.local_fallbacks"),
    /** Background refreshes begun: early ones, stale-while-revalidate ones and a refresher's forced ones. */
    REFRESHES_STARTED("coalescing.refreshes.started"),
    /** Of those, early refreshes: a fresh hit in the last {@code EARLY_REFRESH_WINDOW} of its freshness. */
    EARLY_REFRESHES("coalescing.refreshes.early"),
    /** Background refreshes that ended without a new value (the old entry stays). */
    REFRESHES_FAILED("coalescing.refreshes.failed"),
    /** Stale values answered at once, within their stale-while-revalidate window (a refresh runs behind). */
    STALE_SERVED("coalescing.stale.served"),
    /** Stale values answered because the load a reader waited for failed (stale-if-error). */
    STALE_IF_ERROR("coalescing.stale.if_error"),
    /** Answers from the per-key error memo: a recent failure (or a stale value) instead of a new load. */
    ERRORS_REMEMBERED("coalescing.errors.remembered"),
    /** Readers answered at once because too many already waited for loads (a stale value, or Shed). */
    SHED("coalescing.shed"),
    /** Background loads raised to user loads by a reader that joined them. */
    RAISED("coalescing.raised");

    private final String metricName;

    Count(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
