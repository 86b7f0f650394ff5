package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A slow reader slows the walk: the server loads a page only once the reader has taken most of the one before
 * (the answer's write queue drained), so while the reader pauses the server holds a page at most and t.me is not
 * asked for more. The reader takes a page of lines, then pauses until the server says it waits for it
 * ({@code tme_history_waiting} is 1); at each pause, the pages loaded are at most {@link #AHEAD} beyond
 * the pages read: what the socket's buffers and the write queue hold.
 */
class HistorySlowReaderTest {

    static final String WAITING = "tme_history_waiting";
    /**
     * Pages the server may have loaded beyond those the reader took: in the write queue and the sockets' buffers (3
     * measured on loopback, at every pause; without the wait for the reader it would be the whole channel, 50).
     */
    static final int AHEAD = 4;

    final TestServer server = new TestServer(Map.of());

    HistorySlowReaderTest() {
        server.tme.longChannel(HistoryTest.CHANNEL, HistoryTest.POSTS);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aPausedReader_holdsTheWalk_withinAFewPagesOfWhatItRead() {
        try (NdjsonLines reader = new NdjsonLines(server.server.actualPort(), "/v1/history/" + HistoryTest.CHANNEL)) {
            assertEquals(200, reader.status());
            int expected = HistoryTest.POSTS;
            for (int pause = 0; pause < 5; pause++) {
                FleetAwait.until("the walk waits for its reader", () -> Fleet.metric(server, WAITING) == 1,
                        () -> "t.me requests " + server.tme.totalHits() + ", lines read " + reader.linesRead());
                long loaded = server.tme.totalHits();
                long pagesRead = reader.linesRead() / 20;
                assertTrue(loaded <= pagesRead + AHEAD, "loaded " + loaded + " pages, read " + pagesRead);
                // more than the buffers hold: the walk must have gone on to give them, and waits again after
                for (int line = 0; line < 3 * 20; line++) {
                    assertEquals(expected--, reader.next().getInteger("id"));
                }
            }
            JsonObject line;
            while ((line = reader.next()) != null && line.getInteger("id") != null) {
                assertEquals(expected--, line.getInteger("id"));
            }
            assertEquals(0, expected);
            assertEquals("start", line.getJsonObject("end").getString("reason"));
        }
        assertEquals(HistoryTest.PAGES, server.tme.totalHits());
        assertTrue(Fleet.metric(server, "tme_history_reader_waits_total") >= 5);
    }
}
