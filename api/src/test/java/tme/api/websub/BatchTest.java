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

    private static Entry entry(String id) {
        return new Entry(id, 1, id.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
