package tme.api;

import java.time.Duration;
import java.util.List;

/**
 * The refresh schedule's safety as a property of the times t.me saw a channel's loads, with no count per wall-clock
 * interval: the fleet never loads a channel more often than once per interval. Exactly, what the schedule promises:
 * after a refresh that ended at {@code e} the name is due at {@code max(due + interval, e + interval/2)} (a fixed
 * rate, but never within half an interval of the last load), and a claim is exclusive. So for loads
 * {@code A_0 < A_1 < ...} of one channel by the refreshers, {@code A_j - A_i > (j - i - 1/2) x interval} for every
 * {@code i < j}: the next load at least half an interval after any load, the one after that one and a half
 * intervals after it, and so on. A load that is late (a busy machine) only moves the bound later, so this holds at
 * any load; two workers loading one name, or a name rescheduled early, break it.
 *
 * <p>Two clocks meet here: the refreshers judge due times on their wall clock in epoch millis (truncated), the fake
 * t.me stamps arrivals with {@link System#nanoTime()}; they differ by a millisecond of truncation and an NTP slew of
 * at most 500 ppm, which the slack covers (2 ms and 0.1% of the span).
 */
final class LoadSpacing {

    private LoadSpacing() {}

    /** The first pair of {@code loads} (nanoTime, ascending) closer than the schedule allows, or null when none is. */
    static String violation(List<Long> loads, Duration interval) {
        for (int i = 0; i < loads.size(); i++) {
            for (int j = i + 1; j < loads.size(); j++) {
                long span = loads.get(j) - loads.get(i);
                long least = (2L * (j - i) - 1) * interval.toNanos() / 2;
                long slack = Duration.ofMillis(2).toNanos() + span / 1000;
                if (span + slack <= least) {
                    return "loads " + i + " and " + j + " are " + Duration.ofNanos(span).toMillis() + " ms apart, "
                            + "at least " + Duration.ofNanos(least).toMillis() + " ms expected; loads at "
                            + loads.stream().map(at -> Duration.ofNanos(at - loads.getFirst()).toMillis() + " ms")
                            .toList();
                }
            }
        }
        return null;
    }
}
