package tme.events;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.SortedMap;
import tme.redis.RedisLink;

/**
 * Append-only logs of events, one per name, each capped at about {@code maxLength} entries. An event is appended at
 * most once per name: an offer whose sequence is not above the highest appended is a duplicate. Redis being down is
 * never a failure: an append is lost (and counted), a read reads nothing.
 */
public interface EventLog {

    /** Offers {@code events} (ascending sequence) to {@code name}'s log; answers the entries this call appended. */
    Future<List<Entry>> publish(String name, List<Event> events);

    /**
     * Up to {@code max} entries of {@code name}'s log after position {@code after}, oldest first; an empty list only
     * when the log holds nothing after it; fails ({@link tme.redis.RedisUnreachable}) when the log cannot be read.
     */
    Future<List<Entry>> after(String name, String after, int max);

    /** The position of {@code name}'s newest entry ({@link Entry#START} for an empty log); fails if unreachable. */
    Future<String> last(String name);

    /** {@code events.*} counters by metric name. */
    SortedMap<String, Long> counters();

    /**
     * A capped Redis Stream per name ({@code <prefix>{<name>}}, hash-tagged for a Cluster), kept {@code keepFor}
     * after its last append.
     */
    static EventLog redis(RedisLink link, String prefix, int maxLength, Duration keepFor) {
        return new RedisEventLog(link, prefix, maxLength, keepFor);
    }

    /** The same logs in this process's memory, positions written by {@code clock}. */
    static EventLog local(int maxLength, InstantSource clock) {
        return new LocalEventLog(maxLength, clock);
    }
}
