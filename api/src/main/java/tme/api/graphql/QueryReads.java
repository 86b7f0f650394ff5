package tme.api.graphql;

import java.time.Duration;
import java.time.InstantSource;
import tme.api.service.Answer;

/**
 * What one GraphQL request read, for the edge: an answer whose every field came from a stored entry (an answer or a
 * cached "not found", fresh or stale) may be cached for the shortest freshness left among them; a field that did
 * not (an upstream failure, a shed load, invalid input, a bug), or nothing read at all, makes it {@code no-store}.
 * Fields complete on several threads (the loops that finished their loads), so every method is synchronized.
 */
final class QueryReads {

    private final InstantSource clock;
    // Guarded by this: the shortest freshness left among the entries read, null before the first.
    private Duration shortest;
    // Guarded by this: whether some field's value was not a stored entry.
    private boolean uncacheable;

    QueryReads(InstantSource clock) {
        this.clock = clock;
    }

    /** A field (or a previews entry) answered with {@code answer}. */
    synchronized void read(Answer answer) {
        switch (answer) {
            case Answer.Cached cached -> {
                Duration left = cached.stored().timeLeft(clock.instant());
                shortest = shortest == null || left.compareTo(shortest) < 0 ? left : shortest;
            }
            case Answer.Failure failure -> uncacheable = true;
        }
    }

    /** A field that failed without reading a stored entry (invalid input, a bug). */
    synchronized void uncacheable() {
        uncacheable = true;
    }

    /**
     * {@code Cache-Control} for a GET answer: {@code public, max-age=<the shortest freshness left, in whole
     * seconds>} when every field came from a stored entry, else {@code no-store}. POST answers are never cached.
     */
    synchronized String cacheControl(boolean get) {
        if (!get || uncacheable || shortest == null) {
            return "no-store";
        }
        return "public, max-age=" + Math.max(0, shortest.toSeconds());
    }
}
