package tme.api;

/**
 * What a process of the one jar does ({@code ROLE}): serve readers over HTTP, or keep the channels feeds ask for
 * warm ahead of them. Both build the same services over the same Redis; a refresher serves only {@code /healthz} and
 * {@code /metrics}.
 */
public enum Role {
    /** The HTTP API: every route, {@code EVENT_LOOPS} server instances. */
    API,
    /** The refresher ({@code tme.coalescing.refresh.RefresherVerticle}): needs {@code REDIS_URL}, its schedule's home. */
    REFRESHER
}
