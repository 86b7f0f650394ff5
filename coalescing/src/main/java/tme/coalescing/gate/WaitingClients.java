package tme.coalescing.gate;

import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which readers' clients asked this server for a token lately: the local twin of the fleet's sorted set in
 * {@code ThrottleScripts.CLIENT_BUDGET}, for when Redis cannot be asked. A client's share binds only while another
 * client's reader asked within the window ({@link ClientShare#othersWithin()}): fair queueing is work-conserving.
 * Background work is not noted: it never makes a reader's share bind.
 */
final class WaitingClients {

    private final Duration window;
    private final int maxClients;
    // Guarded by this: client -> when it last asked, oldest first (a client asking again moves to the end).
    private final LinkedHashMap<String, Instant> lastAsked = new LinkedHashMap<>();

    WaitingClients(Duration window, int maxClients) {
        this.window = window;
        this.maxClients = maxClients;
    }

    /**
     * Notes that {@code client} asks at {@code now} if it asks for a {@code reader}; true when another client's reader
     * asked within the window.
     */
    synchronized boolean othersWaiting(String client, boolean reader, Instant now) {
        forgetBefore(now.minus(window));
        boolean others = lastAsked.size() > (lastAsked.containsKey(client) ? 1 : 0);
        if (reader) {
            lastAsked.remove(client); // re-inserted last: the map stays in the order of the last asks
            lastAsked.put(client, now);
        }
        return others;
    }

    private void forgetBefore(Instant since) {
        Iterator<Map.Entry<String, Instant>> oldestFirst = lastAsked.entrySet().iterator();
        while (oldestFirst.hasNext()) {
            Map.Entry<String, Instant> oldest = oldestFirst.next();
            if (lastAsked.size() < maxClients && !oldest.getValue().isBefore(since)) {
                return;
            }
            oldestFirst.remove();
        }
    }
}
