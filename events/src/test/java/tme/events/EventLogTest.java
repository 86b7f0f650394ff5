package tme.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.RedisUnreachable;
import tme.redis.testing.RedisServer;

/** Both logs against the same expectations; the Redis one on a real redis-server, two links as two processes. */
class EventLogTest {

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
    void redis_appendsEachSequenceOnceAcrossProcesses() {
        EventLog one = EventLog.redis(link(), "tme:events:", 100, Duration.ofDays(1));
        EventLog two = EventLog.redis(link(), "tme:events:", 100, Duration.ofDays(1));

        List<Entry> first = await(one.publish("durov", 0, List.of(event(501), event(502))));
        List<Entry> second = await(two.publish("durov", 0, List.of(event(501), event(502), event(503))));

        assertEquals(List.of(501L, 502L), first.stream().map(Entry::seq).toList(), one.counters().toString());
        assertEquals(List.of(503L), second.stream().map(Entry::seq).toList());
        assertEquals(List.of(501L, 502L, 503L),
                await(two.after("durov", Entry.START, 10)).stream().map(Entry::seq).toList());
        assertEquals("post 503", text(await(one.after("durov", first.getLast().id(), 10)).getFirst()));
        assertEquals(second.getLast().id(), await(one.last("durov")));
        assertEquals("3", redis.command("XLEN", "tme:events:{durov}"));
        assertEquals("503", redis.command("GET", "tme:events:{durov}:last"));
        assertEquals(2L, one.counters().get("events.published") + one.counters().get("events.deduplicated"));
        assertEquals(2L, two.counters().get("events.deduplicated"));
    }

    @Test
    void redis_readOfAnUnreachableLogFails_neverAnswersNothingNew() {
        RedisServer gone = RedisServer.start();
        EventLog log = EventLog.redis(link(gone), "tme:events:", 100, Duration.ofDays(1));
        List<Entry> appended = await(log.publish("durov", 0, List.of(event(1), event(2))));
        assertEquals(List.of(), await(log.after("durov", appended.getLast().id(), 10)), "read: nothing after it");

        gone.kill();
        Future<List<Entry>> read = log.after("durov", appended.getFirst().id(), 10);

        Throwable failure = assertThrows(ExecutionException.class,
                () -> read.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS)).getCause();
        assertInstanceOf(RedisUnreachable.class, failure, "not read: a failure, not an empty list");
        assertEquals(1L, log.counters().get("events.read_failures"));
        gone.close();
    }

    @Test
    void local_appendsEachSequenceOnceAndKeepsItsCap() {
        EventLog log = EventLog.local(3, InstantSource.system());

        await(log.publish("durov", 0, List.of(event(1), event(2))));
        List<Entry> again = await(log.publish("durov", 0, List.of(event(2), event(3), event(4))));

        assertEquals(List.of(3L, 4L), again.stream().map(Entry::seq).toList());
        assertEquals(List.of(2L, 3L, 4L), await(log.after("durov", Entry.START, 10)).stream().map(Entry::seq).toList());
        assertEquals(Entry.START, await(log.last("meduzalive")));
        assertTrue(Entry.compare(again.getFirst().id(), again.getLast().id()) < 0);
    }

    @Test
    void tail_handsOnlyEntriesAfterWhereItWasPlaced() throws InterruptedException {
        EventLog log = EventLog.local(100, InstantSource.system());
        await(log.publish("durov", 0, List.of(event(1))));
        Tail tail = new Tail(vertx, log, Duration.ofMillis(20), 10).start();
        LinkedBlockingQueue<Entry> handed = new LinkedBlockingQueue<>();

        String placed = await(tail.watch("durov", handed::add));
        await(log.publish("durov", 0, List.of(event(2))));

        Entry entry = handed.poll(60, TimeUnit.SECONDS);
        assertEquals(2L, entry.seq());
        assertTrue(entry.after(placed));
        assertEquals(java.util.Set.of("durov"), tail.names());
        tail.close();
    }

    private static RedisLink link() {
        return link(redis);
    }

    private static RedisLink link(RedisServer redis) {
        return RedisLink.create(vertx, new RedisConfig(redis.url(), Duration.ofSeconds(5), 4, 3, Duration.ofSeconds(10),
                Duration.ofSeconds(30)), InstantSource.system());
    }

    private static Event event(long seq) {
        return new Event(seq, ("post " + seq).getBytes(StandardCharsets.UTF_8));
    }

    private static String text(Entry entry) {
        return new String(entry.data(), StandardCharsets.UTF_8);
    }

    static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
