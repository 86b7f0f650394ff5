package tme.api.websub;

import io.vertx.core.Future;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tme.events.EventLog;

/** Positions in the channels' event logs a subscription's cursors are set to. */
final class Cursors {

    /**
     * A cursor Redis lost with its data: what the subscriber had is unknown, so its next delivery is the whole feed
     * (a resync it can see), and the cursors go on from the logs' ends. Not an entry id: the finish script replaces
     * it with any real position.
     */
    static final String LOST = "lost";

    private final EventLog log;

    Cursors(EventLog log) {
        this.log = log;
    }

    /** Each channel's newest entry ({@link tme.events.Entry#START} for an empty log); fails if a log is unreachable. */
    Future<Map<String, String>> newest(List<String> channels) {
        Map<String, Future<String>> ends = new LinkedHashMap<>();
        channels.forEach(channel -> ends.put(channel, log.last(channel)));
        return Future.all(List.copyOf(ends.values())).map(all -> {
            Map<String, String> at = new LinkedHashMap<>();
            ends.forEach((channel, end) -> at.put(channel, end.result()));
            return at;
        });
    }
}
