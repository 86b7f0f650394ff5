package tme.api.websub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.events.Entry;

/** One delivery's share of two channels' logs: the oldest posts over both, within the bound, each cursor its own. */
class BatchTest {

    @Test
    void twoChannels_oldestFirstWithinTheBound_eachCursorAtItsLastSent() {
        Map<String, String> cursors = new LinkedHashMap<>(Map.of("a", "100-0", "b", "50-0"));
        Map<String, List<Entry>> read = new LinkedHashMap<>();
        read.put("a", List.of(entry("101-0"), entry("104-0")));
        read.put("b", List.of(entry("102-0"), entry("103-0"), entry("105-0")));

        Batch batch = Batch.of(cursors, read, 3);

        assertEquals(List.of("101-0", "102-0", "103-0"), batch.entries().stream().map(Entry::id).toList());
        assertEquals(Map.of("a", "101-0", "b", "103-0"), batch.cursors());
        assertTrue(batch.more(), "104-0 and 105-0 wait for the next delivery");
    }

    @Test
    void nothingNewInOneChannel_itsCursorStays() {
        Map<String, List<Entry>> read = new LinkedHashMap<>();
        read.put("a", List.of());
        read.put("b", List.of(entry("7-1")));

        Batch batch = Batch.of(Map.of("a", "5-0", "b", "7-0"), read, 100);

        assertEquals(Map.of("a", "5-0", "b", "7-1"), batch.cursors());
        assertFalse(batch.more());
    }

    @Test
    void postsAndFacts_goInDeliveriesOfTheirOwn_theNextTakingTheRest() {
        Map<String, List<Entry>> read = new LinkedHashMap<>();
        read.put("a", List.of(entry("101-0"), fact("102-0"), fact("103-0"), entry("104-0")));
        read.put("b", List.of(restored("102-1"), entry("105-0")));

        Batch posts = Batch.of(Map.of("a", "100-0", "b", "100-0"), read, 100);
        assertEquals(List.of("101-0"), posts.entries().stream().map(Entry::id).toList());
        assertEquals(Map.of("a", "101-0", "b", "100-0"), posts.cursors());
        assertTrue(posts.more(), "the facts wait for a delivery of their own");

        read.put("a", List.of(fact("102-0"), fact("103-0"), entry("104-0")));
        Batch facts = Batch.of(posts.cursors(), read, 100);
        assertEquals(List.of("102-0", "102-1", "103-0"), facts.entries().stream().map(Entry::id).toList(),
                "an entry given back after a wipe joins either run");
        assertEquals(Map.of("a", "103-0", "b", "102-1"), facts.cursors());
        assertTrue(facts.more(), "104-0 and 105-0 next, as posts");
    }

    private static Entry fact(String id) {
        return new Entry(id, 0, id.getBytes(java.nio.charset.StandardCharsets.UTF_8), false, "deleted");
    }

    private static Entry restored(String id) {
        return new Entry(id, 1, id.getBytes(java.nio.charset.StandardCharsets.UTF_8), true);
    }

    private static Entry entry(String id) {
        return new Entry(id, 1, id.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
