package tme.events;

import io.vertx.core.Future;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import tme.redis.Counters;

/** {@link EventLog#local}: one bounded deque per name, ids written as Redis writes them ({@code <millis>-<n>}). */
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
    public Future<List<Entry>> publish(String name, List<Event> events) {
        List<Entry> appended = logs.computeIfAbsent(name, n -> new Log()).append(events);
        counts.add(EventCount.PUBLISHED, appended.size());
        counts.add(EventCount.DEDUPLICATED, events.size() - appended.size());
        return Future.succeededFuture(appended);
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
        private long lastSeq;
        private long lastMillis;
        private long lastN;

        synchronized List<Entry> append(List<Event> events) {
            List<Entry> appended = new ArrayList<>();
            for (Event event : events) {
                if (event.seq() <= lastSeq) {
                    continue;
                }
                long now = clock.millis();
                if (now > lastMillis) {
                    lastMillis = now;
                    lastN = 0;
                } else {
                    lastN++;
                }
                Entry entry = new Entry(lastMillis + "-" + lastN, event.seq(), event.data());
                entries.addLast(entry);
                if (entries.size() > maxLength) {
                    entries.removeFirst();
                }
                lastSeq = event.seq();
                appended.add(entry);
            }
            return appended;
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
