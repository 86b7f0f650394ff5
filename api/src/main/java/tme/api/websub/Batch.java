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
 * max} over all its channels, and the cursors once they are acknowledged. One kind per delivery: posts, or facts
 * (edits, deletions); a delivery stops where the kind changes and the next one takes the rest at once. Posts go as
 * exactly those posts, facts as the whole feed again; were a batch of both sent as the whole feed, a post that is not
 * on the pages the feed is built from (past its size, or not yet loaded by this process) would be passed by the
 * cursors and never sent.
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
        int size = oneKind(all, Math.min(max, all.size()));
        more |= all.size() > size;
        List<Entry> sent = all.subList(0, size);
        Map<String, String> after = new LinkedHashMap<>(cursors);
        sent.forEach(entry -> after.put(channelOf.get(entry), entry.id()));
        return new Batch(List.copyOf(sent), after, more);
    }

    /** Whether {@code entry} is a fact (an edit, a deletion) rather than a post. */
    static boolean fact(Entry entry) {
        return !Entry.EVENT.equals(entry.kind());
    }

    /**
     * How many of the first {@code upTo} entries are of the first one's kind, in a row. Entries given back after a
     * wipe are skipped by the delivery and join either run.
     */
    private static int oneKind(List<Entry> oldestFirst, int upTo) {
        Boolean facts = null;
        for (int i = 0; i < upTo; i++) {
            Entry entry = oldestFirst.get(i);
            if (entry.restored()) {
                continue;
            }
            if (facts == null) {
                facts = fact(entry);
            } else if (facts != fact(entry)) {
                return i;
            }
        }
        return upTo;
    }
}
