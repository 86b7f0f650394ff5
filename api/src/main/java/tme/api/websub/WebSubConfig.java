package tme.api.websub;

import java.time.Duration;

/**
 * The hub's bounds.
 *
 * @param allowPrivate   whether callbacks may be on loopback, private or other non-public addresses
 *                       ({@code WEBSUB_ALLOW_PRIVATE}: tests and closed networks only)
 * @param leaseDefault   a subscription's lease when the subscriber names none ({@code WEBSUB_LEASE_DEFAULT})
 * @param leaseMax       the longest lease granted ({@code WEBSUB_LEASE_MAX}); a longer ask gets this
 * @param maxPerTopic    subscriptions one topic (feed URL) has at most ({@code WEBSUB_MAX_PER_TOPIC})
 * @param maxPerHost     subscriptions whose callbacks are on one host, at most ({@code WEBSUB_MAX_PER_HOST})
 * @param timeout        one call to a callback, connect to last byte ({@code WEBSUB_TIMEOUT})
 * @param retryFor       how long a failed delivery is retried, with backoff, before it is given up ({@code WEBSUB_RETRY_FOR})
 * @param deliveryLease  how long a delivery stays a server's without a sign of life: a dead server's deliveries are
 *                       taken over after it ({@code WEBSUB_DELIVERY_LEASE}, longer than {@code WEBSUB_TIMEOUT})
 * @param maxPosts       posts one delivery carries at most ({@code WEBSUB_MAX_POSTS}); more go in the next, at once
 */
public record WebSubConfig(boolean allowPrivate, Duration leaseDefault, Duration leaseMax, int maxPerTopic,
                           int maxPerHost, Duration timeout, Duration retryFor, Duration deliveryLease,
                           int maxPosts) {

    /** A callback's answer is read up to this much (a challenge echo; a delivery's answer is not read further). */
    static final int MAX_ANSWER_BYTES = 64 * 1024;

    public WebSubConfig {
        if (deliveryLease.compareTo(timeout) <= 0) {
            throw new IllegalArgumentException("WEBSUB_DELIVERY_LEASE " + deliveryLease
                    + " must be longer than WEBSUB_TIMEOUT " + timeout);
        }
        if (leaseDefault.compareTo(leaseMax) > 0) {
            throw new IllegalArgumentException("WEBSUB_LEASE_DEFAULT " + leaseDefault
                    + " must not be longer than WEBSUB_LEASE_MAX " + leaseMax);
        }
    }
}
