package tme.events;

import io.vertx.core.Future;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import tme.redis.Counters;

/**
 * {@link EventLog#local}: one bounded deque per name, ids written as Redis writes them ({@code <millis>-<n>}), and its
 * mark beside it (nothing to lose, nothing to put back).
 */
final class LocalEventLog implements EventLog {

    private final int maxLength;
    private final InstantSource clock;
    private final Map<String, Log> logs = new ConcurrentHashMap<>();
    private final Counters<EventCount> counts = new Counters<>(EventCount.class, EnumSet.allOf(EventCount.class));

    LocalEventLog(int maxLength, InstantSource clock) {
        this.maxLength = maxLength;
        this.clock = clock;
    }

    @Override
    public Future<List<Entry>> publish(String name, long floor, List<Event> events) {
        Log log = logs.computeIfAbsent(name, n -> new Log());
        log.settle(floor);
        return Future.succeededFuture(counted(events, log.append(events)));
    }

    @Override
    public Future<List<Entry>> baseline(String name, List<Event> events) {
        if (events.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        Log log = logs.computeIfAbsent(name, n -> new Log());
        if (log.baseline(events.getLast().seq())) {
            counts.increment(EventCount.BASELINES);
            return Future.succeededFuture(List.of());
        }
        return Future.succeededFuture(counted(events, log.append(events)));
    }

    @Override
    public Future<List<Entry>> record(String name, List<Fact> facts) {
        Log log = logs.computeIfAbsent(name, n -> new Log());
        List<Entry> appended = log.record(facts);
        counts.add(EventCount.PUBLISHED, appended.size());
        counts.add(EventCount.DEDUPLICATED, facts.size() - appended.size());
        return Future.succeededFuture(appended);
    }

    @Override
    public Future<Map<String, Recorded>> facts(String name) {
        Log log = logs.get(name);
        return Future.succeededFuture(log == null ? Map.of() : log.facts());
    }

    @Override
    public OptionalLong known(String name) {
        Log log = logs.get(name);
        long mark = log == null ? 0 : log.mark();
        return mark > 0 ? OptionalLong.of(mark) : OptionalLong.empty();
    }

    /** Nothing to put back: this log lives and dies with the process. */
    @Override
    public Future<Void> restoreMarks() {
        return Future.succeededFuture();
    }

    private List<Entry> counted(List<Event> offered, List<Entry> appended) {
        counts.add(EventCount.PUBLISHED, appended.size());
        counts.add(EventCount.DEDUPLICATED, offered.size() - appended.size());
        return appended;
    }

    @Override
    public Future<List<Entry>> after(String name, String after, int max) {
        Log log = logs.get(name);
        return Future.succeededFuture(log == null ? List.of() : log.after(after, max));
    }

    @Override
    public Future<String> last(String name) {
        Log log = logs.get(name);
        return Future.succeededFuture(log == null ? Entry.START : log.last());
    }

    @Override
    public SortedMap<String, Long> counters() {
        return counts.snapshot();
    }

    /** One name's log; its monitor guards every field. */
    private final class Log {
        private final ArrayDeque<Entry> entries = new ArrayDeque<>();
        private final Map<String, Recorded> versions = new HashMap<>();
        private long lastSeq;
        private long lastMillis;
        private long lastN;

        /** Everything up to {@code floor} is dealt with: never appended. */
        synchronized void settle(long floor) {
            lastSeq = Math.max(lastSeq, floor);
        }

        /** With no mark yet, {@code newest} becomes it: true. With one, false (the offer is appended above it). */
        synchronized boolean baseline(long newest) {
            if (lastSeq > 0) {
                return false;
            }
            lastSeq = newest;
            return true;
        }

        synchronized long mark() {
            return lastSeq;
        }

        synchronized List<Entry> append(List<Event> events) {
            List<Entry> appended = new ArrayList<>();
            for (Event event : events) {
                if (event.seq() <= lastSeq) {
                    continue;
                }
                appended.add(add(new Entry(nextId(), event.seq(), event.data())));
                lastSeq = event.seq();
            }
            return appended;
        }

        /** Each fact whose item is not at its version already, as an entry of sequence 0. */
        synchronized List<Entry> record(List<Fact> facts) {
            List<Entry> appended = new ArrayList<>();
            for (Fact fact : facts) {
                Recorded held = versions.get(fact.item());
                if (held == null || !held.version().equals(fact.version())) {
                    Entry entry = add(new Entry(nextId(), 0, fact.data(), false, fact.kind()));
                    versions.put(fact.item(), new Recorded(fact.version(), entry.id()));
                    appended.add(entry);
                }
            }
            return appended;
        }

        synchronized Map<String, Recorded> facts() {
            return Map.copyOf(versions);
        }

        private Entry add(Entry entry) {
            entries.addLast(entry);
            if (entries.size() > maxLength) {
                entries.removeFirst();
            }
            return entry;
        }

        /** The next position, as Redis writes them: the clock's millis, then a counter within one. */
        private String nextId() {
            long now = clock.millis();
            if (now > lastMillis) {
                lastMillis = now;
                lastN = 0;
            } else {
                lastN++;
            }
            return lastMillis + "-" + lastN;
        }

        synchronized List<Entry> after(String position, int max) {
            List<Entry> found = new ArrayList<>();
            for (Entry entry : entries) {
                if (entry.after(position)) {
                    found.add(entry);
                    if (found.size() == max) {
                        break;
                    }
                }
            }
            return found;
        }

        synchronized String last() {
            return entries.isEmpty() ? (lastSeq == 0 ? Entry.START : lastMillis + "-" + lastN) : entries.getLast().id();
        }
    }
}
