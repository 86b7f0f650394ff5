package tme.coalescing.gate;

/** Why the upstream gate did not let a request through; each is counted, none reaches upstream. */
public enum Refusal {
    /** Upstream asked the fleet to pause (a 429, or a proxy's refusal) and the pause has not passed. */
    COOLDOWN,
    /** The fleet-wide request budget has no token for this request before its deadline. */
    BUDGET,
    /** Too many requests wait already: a fast 503 now beats a slow one later. */
    QUEUE_FULL,
    /** Background work that found the limits reached: dropped, nobody waits for it. */
    DROPPED,
    /** The client that asked has spent its share of the fleet's budget ({@link ClientShare}): refused at once. */
    CLIENT_SHARE
}
