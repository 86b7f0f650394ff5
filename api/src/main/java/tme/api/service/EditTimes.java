package tme.api.service;

import io.vertx.core.Future;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tme.api.feed.Edits;
import tme.events.Entry;
import tme.events.EventLog;

/**
 * When the posts of some channels were found edited, for the reader feeds' update dates: read from the event log's
 * {@code edited} facts ({@code tme.api.push.PostChanges} offers them), each dated by its entry (its latest version's);
 * {@link #none()} knows of none.
 */
public interface EditTimes {

    /** How an {@code edited} fact's version begins (then the post's version digest). */
    String VERSION = "edited:";

    /** The edits found in {@code channels} (lower-case names); never fails: a log out of reach gives none. */
    Future<Edits> of(List<String> channels);

    static EditTimes none() {
        return channels -> Future.succeededFuture(Edits.NONE);
    }

    /** The edits the channels' logs in {@code log} hold (one read of each log's facts). */
    static EditTimes from(EventLog log) {
        return channels -> {
            List<Future<Map<String, EventLog.Recorded>>> reads = channels.stream()
                    .map(channel -> log.facts(channel).otherwise(Map.of())).toList();
            return Future.join(reads).map(done -> {
                Map<String, Instant> at = new HashMap<>();
                for (int i = 0; i < channels.size(); i++) {
                    String channel = channels.get(i);
                    reads.get(i).result().forEach((item, recorded) -> {
                        if (recorded.version().startsWith(VERSION) && item.matches("\\d{1,9}")) {
                            at.put(Edits.key(channel, Integer.parseInt(item)),
                                    Instant.ofEpochMilli(Entry.millis(recorded.entryId())));
                        }
                    });
                }
                return new Edits(at);
            }).otherwise(Edits.NONE);
        };
    }
}
