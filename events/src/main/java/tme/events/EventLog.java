package tme.events;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import tme.redis.RedisLink;

/**
 * Append-only logs of events, one per name, each capped at about {@code maxLength} entries. An event is appended at
 * most once per name: beside each log is its mark, the highest sequence the fleet has dealt with, and an offer at or
 * below it is a duplicate. Redis being down fails an append (counted; the publisher keeps what it offered) and a
 * read.
 *
 * <p>Each process also remembers the marks it learns ({@link #known}): from its own appends, from what it reads, and
 * from the floors it publishes above, and the newest entries it appended or read. When Redis loses its data,
 * {@link #restoreMarks} gives those entries back and writes the marks back, so entries appended just before still
 * reach readers that had not read them, and offers made afterwards do not append again what readers already had.
 */
public interface EventLog {

    /** How many names' marks a process remembers at most (about 100 bytes each); the longest unused goes first. */
    int MARKS_KEPT = 100_000;

    /**
     * Offers {@code events} (ascending sequence, each above {@code floor}) to {@code name}'s log; answers the entries
     * this call appended. {@code floor} is the highest sequence the publisher takes as dealt with (the newest of the
     * copy it compares against): remembered as known whatever happens. An offer that could not reach the log fails
     * ({@link tme.redis.RedisUnreachable}, where an empty answer means every event was a duplicate) and leaves nothing
     * else behind, so the next offer above the same floor repeats it; the publisher keeps the events, as the page it
     * loads next may no longer show them.
     */
    Future<List<Entry>> publish(String name, long floor, List<Event> events);

    /**
     * Offers {@code events} (ascending sequence) with nothing to tell new from old: when the log has no mark, the
     * newest becomes it and nothing is appended; when it has one (another process, or this one before), those above
     * it are appended as by {@link #publish}. Fails as {@link #publish} does when the log is out of reach.
     */
    Future<List<Entry>> baseline(String name, List<Event> events);

    /**
     * Offers {@code facts} to {@code name}'s log: each is appended (as an entry of sequence 0 and its kind) unless the
     * log holds that item at that version already (another process, or an earlier load, appended it), and the item's
     * version becomes it. Answers the entries this call appended; fails ({@link tme.redis.RedisUnreachable}) when the
     * log is out of reach, nothing appended. Not given back after Redis lost its data: a later load that sees the
     * change against the page it replaces offers it again.
     */
    Future<List<Entry>> record(String name, List<Fact> facts);

    /**
     * The facts {@code name}'s log holds, by item: the version last appended and the position of its entry (whose
     * millis say when). Fails ({@link tme.redis.RedisUnreachable}) when the log is out of reach.
     */
    Future<Map<String, Recorded>> facts(String name);

    /** A fact as its log keeps it: the item's latest version, and the entry that appended it. */
    record Recorded(String version, String entryId) {}

    /** The highest sequence of {@code name} this process knows the fleet has dealt with; empty when it knows none. */
    OptionalLong known(String name);

    /**
     * Redis lost its data: appends again the newest entries this process appended or read (a few per name, above the
     * mark the log has by then), then writes each mark it knows back, where Redis holds none or a lower one. Completes
     * when every write was answered or found Redis out of reach.
     */
    Future<Void> restoreMarks();

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
