package tme.coalescing.refresh;

import java.time.Instant;

/**
 * A name this worker holds until its claim lapses.
 *
 * @param name     the name to refresh
 * @param due      when it was due (now minus this is the schedule's lag)
 * @param failures its consecutive failed refreshes so far
 * @param token    the claim's token: only its holder may reschedule the name
 * @param depth    how deep its refresh reaches: the deepest depth readers registered within the idle period, 1 at least
 */
public record Claimed(String name, Instant due, int failures, String token, int depth) {

    /** A name claimed without a depth of its own: refreshed alone. */
    public Claimed(String name, Instant due, int failures, String token) {
        this(name, due, failures, token, 1);
    }
}
