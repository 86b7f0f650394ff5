package tme.coalescing.gate;

import tme.redis.Counters;

/** The upstream throttle's event counters, by metric name (its gauges are computed in {@link UpstreamThrottle}). */
enum ThrottleCount implements Counters.Metric {
    /** Requests let through to upstream. */
    ADMITTED("gate.admitted"),
    /** Refused because the fleet cools down (known here, or learnt from Redis). */
    REFUSED_COOLDOWN("gate.refused.cooldown"),
    /** Refused because no token (fleet, local or ramp) comes before the caller's deadline. */
    REFUSED_BUDGET("gate.refused.budget"),
    /** Refused because the client that asked has spent its share ({@code CLIENT_UPSTREAM_SHARE}). */
    REFUSED_CLIENT_SHARE("gate.refused.client_share"),
    /** Cooldowns begun by a pause signal reported to this process (not those learnt from others). */
    COOLDOWNS_STARTED("gate.cooldowns.started"),
    /** Cooldowns another process began, learnt from Redis: a new event here, which counts as a strike. */
    COOLDOWNS_ADOPTED("gate.cooldowns.adopted"),
    /** 429s from upstream itself. */
    SIGNALS_THROTTLED("gate.signals.throttled"),
    /** Refusals by something in front of upstream (a proxy's or CDN's 429/5xx page). */
    SIGNALS_INTERCEPTED("gate.signals.intercepted"),
    /** Answers that, read, were a captcha (or another human check) instead of the content. */
    SIGNALS_CAPTCHA("gate.signals.captcha"),
    /** Answers that, read, were emptied where there was content. */
    SIGNALS_EMPTIED("gate.signals.empty"),
    /** Tokens reserved, from the fleet's budget or the local bucket. */
    TOKENS_TAKEN("gate.budget.tokens_taken"),
    /** Decisions made by the local bucket because Redis could not be asked. */
    LOCAL_FALLBACKS("gate.budget.local_fallbacks");

    private final String metricName;

    ThrottleCount(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }
}
