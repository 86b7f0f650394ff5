package tme.events;

import java.util.List;
import java.util.Map;

/**
 * The newest events this process appended or read, per name: what it gives back to a log Redis lost (restarted
 * empty, flushed) before every reader had read them. An entry appended just before a Redis restart is read by the
 * fleet's tails within a round (500 ms), so a few per name cover it; a server cut off from Redis for longer than that
 * is not covered (docs/architecture.md, "When Redis loses its data"). {@link #PER_NAME} per name, {@link #NAMES}
 * names: 16 MB at the very worst.
 */
final class Recent {

    static final int PER_NAME = 16;
    static final int NAMES = 1_024;

    private final EventWindows windows = new EventWindows(PER_NAME, NAMES);

    /** {@code entries} of {@code name} were appended or read. */
    void saw(String name, List<Entry> entries) {
        windows.keep(name, entries.stream().filter(entry -> entry.seq() > 0) // one written by no publisher of ours
                .map(entry -> new Event(entry.seq(), entry.data())).toList());
    }

    /** A copy of what is kept, each name's events ascending. */
    Map<String, List<Event>> snapshot() {
        return windows.snapshot();
    }
}
