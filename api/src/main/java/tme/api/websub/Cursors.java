package tme.api.websub;

import io.vertx.core.Future;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tme.events.EventLog;

/** Positions in the channels' event logs a subscription's cursors are set to. */
final class Cursors {

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
