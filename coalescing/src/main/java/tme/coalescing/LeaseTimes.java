package tme.coalescing;

import static tme.cache.Durations.requirePositive;

import java.time.Duration;

/**
 * The lease timeline. A holder renews every {@code renewEvery} while it loads, so its lease never lapses however
 * slow the upstream is; a crashed holder stops renewing, and its lease lapses within {@code leaseFor}.
 *
 * @param leaseFor         how long a lease lives without renewal (3s)
 * @param renewEvery       how often the holder renews it while loading (1s)
 * @param failureSharedFor how long a holder's domain failure stays in the lease for waiters and newcomers (2s)
 */
public record LeaseTimes(Duration leaseFor, Duration renewEvery, Duration failureSharedFor) {

    public LeaseTimes {
        requirePositive(leaseFor, "leaseFor");
        requirePositive(renewEvery, "renewEvery");
        requirePositive(failureSharedFor, "failureSharedFor");
        if (renewEvery.compareTo(leaseFor) >= 0) {
            throw new IllegalArgumentException("renewEvery " + renewEvery + " must be shorter than leaseFor " + leaseFor);
        }
    }

    public static LeaseTimes defaults() {
        return new LeaseTimes(Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(2));
    }
}
