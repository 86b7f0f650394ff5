package tme.coalescing;

import java.time.Duration;
import java.util.Optional;
import tme.cache.Stored;

/**
 * What one lease claim found, read in the same Redis round trip that tried to take the lease. Every
 * {@link Copy} in a claim is readable and still kept; only a {@link Cached} one is sure to be fresh.
 */
public sealed interface Claim {

    /** A value cached in Redis, and its freshness left (zero or negative: stale, kept for a fallback). */
    record Copy(Stored value, Duration timeLeft) {

        public boolean fresh() {
            return timeLeft.isPositive();
        }
    }

    /** A fresh value is cached; a claim that does not insist takes no lease then. */
    record Cached(Copy copy) implements Claim {}

    /**
     * The lease is ours: load, write the cache, then release it. {@code cached} is what Redis held meanwhile:
     * fresh for a claim that insisted (a refresh, which may find that another process already refreshed), or
     * stale.
     */
    record Ours(String key, String token, Optional<Copy> cached) implements Claim {}

    /** Another process holds the lease; {@code cached} is what Redis holds meanwhile (fresh: claims that insisted). */
    record Held(Optional<Copy> cached) implements Claim {}

    /** The holder failed with a domain error and shares it while the lease keeps it. */
    record Failed(byte[] error) implements Claim {}

    /** Redis could not be asked (slow, down, breaker open): load in this process alone. */
    record Unavailable(String reason) implements Claim {}
}
