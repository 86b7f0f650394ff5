package tme.api.websub;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tme.events.Entry;

/**
 * What one delivery carries: the event log's entries after a subscription's cursors, oldest first, at most {@code
 * max} over all its channels, and the cursors once they are acknowledged.
 *
 * @param entries the entries to send, oldest first
 * @param cursors channel to position after this delivery (unchanged for a channel with nothing in it)
 * @param more    whether entries past the bound wait for the next delivery
 */
record Batch(List<Entry> entries, Map<String, String> cursors, boolean more) {

    /** From each channel's entries after its cursor (each read asked for {@code max}): the oldest {@code max}. */
    static Batch of(Map<String, String> cursors, Map<String, List<Entry>> read, int max) {
        Map<Entry, String> channelOf = new HashMap<>();
        List<Entry> all = new ArrayList<>();
        boolean more = false;
        for (Map.Entry<String, List<Entry>> channel : read.entrySet()) {
            channel.getValue().forEach(entry -> channelOf.put(entry, channel.getKey()));
            all.addAll(channel.getValue());
            more |= channel.getValue().size() >= max;
        }
        all.sort(Comparator.comparing(Entry::id, Entry::compare));
        more |= all.size() > max;
        List<Entry> sent = all.subList(0, Math.min(max, all.size()));
        Map<String, String> after = new LinkedHashMap<>(cursors);
        sent.forEach(entry -> after.put(channelOf.get(entry), entry.id()));
        return new Batch(List.copyOf(sent), after, more);
    }
}
