package tme.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.events.EventLogTest.await;

import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;

/**
 * Facts (edits, deletions) beside the sequenced events: appended once per item and version across processes, again
 * when the version changes, carrying their kind back to readers; the events' mark neither moves nor holds them back.
 */
class EventLogFactsTest {

    private static Vertx vertx;
    private static RedisServer redis;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
        redis = RedisServer.start();
    }

    @AfterAll
    static void stop() {
        redis.close();
        await(vertx.close());
    }

    @Test
    void redis_appendsEachItemVersionOnceAcrossProcesses_andReadsTheKindBack() {
        EventLog one = EventLog.redis(link(), "tme:events:", 100, Duration.ofDays(1));
        EventLog two = EventLog.redis(link(), "tme:events:", 100, Duration.ofDays(1));
        await(one.publish("durov", 0, List.of(new Event(503, bytes("post 503")))));

        List<Entry> first = await(one.record("durov", List.of(edited("502", "a"), deleted("500"))));
        List<Entry> again = await(two.record("durov", List.of(edited("502", "a"), deleted("500"))));
        List<Entry> changed = await(two.record("durov", List.of(edited("502", "b"), deleted("500"))));

        assertEquals(List.of("edited", "deleted"), first.stream().map(Entry::kind).toList());
        assertEquals(List.of(), again, "the same versions: duplicates");
        assertEquals(List.of("edited 502 b"), changed.stream().map(EventLogFactsTest::text).toList());
        List<Entry> read = await(two.after("durov", Entry.START, 10));
        assertEquals(List.of("event", "edited", "deleted", "edited"), read.stream().map(Entry::kind).toList());
        assertEquals(List.of(503L, 0L, 0L, 0L), read.stream().map(Entry::seq).toList());
        assertEquals("503", redis.command("GET", "tme:events:{durov}:last"), "the mark stays");
        assertEquals(List.of(504L), await(one.publish("durov", 503, List.of(new Event(504, bytes("post 504")))))
                .stream().map(Entry::seq).toList(), "a new post after facts is appended");
        assertEquals(4L, one.counters().get("events.published"), "post 503, two facts, post 504");
        assertEquals(3L, two.counters().get("events.deduplicated"));
        var facts = await(one.facts("durov"));
        assertEquals(new EventLog.Recorded("edited:b", changed.getFirst().id()), facts.get("502"));
        assertEquals(new EventLog.Recorded("deleted", first.get(1).id()), facts.get("500"));
        assertEquals(2, facts.size());
    }

    @Test
    void local_appendsEachItemVersionOnce() {
        EventLog log = EventLog.local(100, InstantSource.system());

        assertEquals(2, await(log.record("durov", List.of(edited("502", "a"), deleted("500")))).size());
        assertEquals(0, await(log.record("durov", List.of(edited("502", "a"), deleted("500")))).size());
        assertEquals(List.of("edited"), await(log.record("durov", List.of(edited("502", "b")))).stream()
                .map(Entry::kind).toList());
        List<Entry> all = await(log.after("durov", Entry.START, 10));
        assertEquals(3, all.size());
        assertEquals(new EventLog.Recorded("edited:b", all.getLast().id()), await(log.facts("durov")).get("502"));
    }

    private static Fact edited(String item, String version) {
        return new Fact(item, "edited:" + version, "edited", bytes("edited " + item + " " + version));
    }

    private static Fact deleted(String item) {
        return new Fact(item, "deleted", "deleted", bytes("deleted " + item));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Entry entry) {
        return new String(entry.data(), StandardCharsets.UTF_8);
    }

    private static RedisLink link() {
        return RedisLink.create(vertx, new RedisConfig(redis.url(), Duration.ofSeconds(5), 4, 3, Duration.ofSeconds(10),
                Duration.ofSeconds(30)), InstantSource.system());
    }
}
