package tme.events;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What this process knows of each log's mark: the highest sequence it knows the fleet has dealt with (appended by
 * it or read back from the log, or taken as the publisher's floor). Kept so that a log whose mark Redis lost can be
 * given it back, and so that a publisher can tell new from old without a copy of the page it replaces. At most
 * {@code capacity} names, the one used longest ago dropped first: about 100 bytes per name.
 */
final class Marks {

    private final int capacity;
    // Guarded by this: an access-ordered map, touched for a few nanoseconds per call, never across I/O.
    private final LinkedHashMap<String, Long> marks;

    Marks(int capacity) {
        this.capacity = capacity;
        this.marks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                return size() > Marks.this.capacity;
            }
        };
    }

    /** {@code name}'s mark is at least {@code seq} (a sequence of 0 or below says nothing). */
    synchronized void raise(String name, long seq) {
        if (seq > 0) {
            marks.merge(name, seq, Math::max);
        }
    }

    synchronized OptionalLong get(String name) {
        Long mark = marks.get(name);
        return mark == null ? OptionalLong.empty() : OptionalLong.of(mark);
    }

    /** A copy of every mark kept, to write back. */
    synchronized Map<String, Long> snapshot() {
        return Map.copyOf(marks);
    }
}
