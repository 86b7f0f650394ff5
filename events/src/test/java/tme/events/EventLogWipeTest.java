package tme.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static tme.events.EventLogTest.await;

import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.RedisUnreachable;
import tme.redis.testing.RedisServer;

/**
 * The log's marks when Redis loses them: each process remembers what it learned and puts it back, a process with
 * nothing to compare against offers a baseline, and an offer Redis never got is made again. A real redis-server,
 * SIGKILLed and restarted empty; two links as two processes. Waits are deadlines, never sleeps of a fixed length.
 */
class EventLogWipeTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);

    private final Vertx vertx = Vertx.vertx();
    private final RedisServer redis = RedisServer.start();

    @AfterEach
    void stop() {
        redis.close();
        await(vertx.close());
    }

    @Test
    void restoreMarks_afterRedisRestartedEmpty_givesBackTheNewestEntriesOnce_andAppendsWhatIsAbove() {
        EventLog one = log();
        EventLog two = log();
        await(one.publish("durov", 500, List.of(event(501), event(502))));
        assertEquals(OptionalLong.of(502), one.known("durov"));

        redis.restart();
        until(() -> {
            await(one.restoreMarks());
            return "502".equals(redis.command("GET", "tme:events:{durov}:last"));
        });
        List<Entry> after = await(two.publish("durov", 500, List.of(event(501), event(502), event(503))));

        assertEquals(List.of(503L), seqs(after), "501 and 502 were given back: not appended again");
        List<Entry> log = await(two.after("durov", Entry.START, 10));
        assertEquals(List.of(501L, 502L, 503L), seqs(log),
                "what was appended just before the wipe reaches readers that had not read it");
        assertEquals(List.of(true, true, false), log.stream().map(Entry::restored).toList(), "told apart");
        assertEquals(2L, one.counters().get("events.entries_restored"));
        assertEquals(0L, one.counters().get("events.marks_restored"), "the entries given back carried the mark");
        assertEquals(2L, two.counters().get("events.deduplicated"));
        assertEquals(OptionalLong.of(503), two.known("durov"), "learned from the answer");
        await(one.restoreMarks());
        await(two.restoreMarks());
        assertEquals("503", redis.command("GET", "tme:events:{durov}:last"), "a lower mark never lowers Redis's");
        assertEquals(List.of(501L, 502L, 503L), seqs(await(two.after("durov", Entry.START, 10))), "each once");
        assertEquals(2L, one.counters().get("events.entries_restored"));
    }

    @Test
    void aTailThatHadTheEntriesGivenBack_handsThemOnOnce_aTailThatHadNot_getsThem() throws InterruptedException {
        EventLog writer = log();
        EventLog other = log();
        Tail had = new Tail(vertx, writer, Duration.ofMillis(20), 10).start();
        Tail late = new Tail(vertx, other, Duration.ofMillis(20), 10);
        LinkedBlockingQueue<Long> handed = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<Long> lateHanded = new LinkedBlockingQueue<>();
        await(had.watch("durov", entry -> handed.add(entry.seq())));
        String lateFrom = await(late.watch("durov", entry -> lateHanded.add(entry.seq())));
        await(writer.publish("durov", 500, List.of(event(501), event(502))));
        assertEquals(501L, handed.poll(60, TimeUnit.SECONDS));
        assertEquals(502L, handed.poll(60, TimeUnit.SECONDS));

        redis.restart(); // before the late tail read 501 and 502 (it is not started)
        until(() -> {
            await(writer.restoreMarks());
            return "502".equals(redis.command("GET", "tme:events:{durov}:last"));
        });
        await(writer.publish("durov", 502, List.of(event(503))));
        late.start();

        assertEquals(501L, lateHanded.poll(60, TimeUnit.SECONDS));
        assertEquals(502L, lateHanded.poll(60, TimeUnit.SECONDS));
        assertEquals(503L, lateHanded.poll(60, TimeUnit.SECONDS));
        assertEquals(503L, handed.poll(60, TimeUnit.SECONDS), "501 and 502 given back are not handed on again");
        await(writer.publish("durov", 503, List.of(event(504))));
        assertEquals(504L, handed.poll(60, TimeUnit.SECONDS));
        assertEquals(504L, lateHanded.poll(60, TimeUnit.SECONDS));
        assertEquals(List.of(), List.copyOf(handed), "nothing else");
        assertEquals(Entry.START, lateFrom, "placed on the log while it was empty");
        had.close();
        late.close();
    }

    @Test
    void baseline_withNoMark_marksTheNewestAndAppendsNothing_withAMark_appendsWhatIsAbove() {
        EventLog fresh = log();
        EventLog other = log();

        assertEquals(List.of(), await(fresh.baseline("durov", List.of(event(10), event(11), event(12)))));
        assertEquals("12", redis.command("GET", "tme:events:{durov}:last"));
        assertEquals("0", redis.command("EXISTS", "tme:events:{durov}"), "nothing appended");
        assertEquals(OptionalLong.of(12), fresh.known("durov"));
        assertEquals(1L, fresh.counters().get("events.baselines"));

        List<Entry> above = await(other.baseline("durov", List.of(event(11), event(12), event(13))));
        assertEquals(List.of(13L), seqs(above), "the fleet's mark says 13 is new");
        assertEquals(OptionalLong.of(13), other.known("durov"));
        assertEquals(0L, other.counters().get("events.baselines"));
    }

    @Test
    void publish_thatCouldNotReachRedis_failsAndAdvancesNothing_andTheSameOfferAppendsOnceRedisIsBack() {
        EventLog log = log();
        await(log.publish("durov", 0, List.of(event(1))));

        redis.kill();
        Throwable unreached = await(log.publish("durov", 1, List.of(event(2))).map(appended -> (Throwable) null)
                .otherwise(failure -> failure));
        assertInstanceOf(RedisUnreachable.class, unreached, "told apart from \"nothing new\"");
        assertEquals(OptionalLong.of(1), log.known("durov"), "2 never reached the log: not known");
        assertEquals(1L, log.counters().get("events.publish_failures"));

        redis.restart();
        until(() -> {
            await(log.restoreMarks());
            return "1".equals(redis.command("GET", "tme:events:{durov}:last"));
        });
        List<Entry> again = await(log.publish("durov", log.known("durov").orElseThrow(), List.of(event(2), event(3))));
        assertEquals(List.of(2L, 3L), seqs(again));
        assertEquals(OptionalLong.of(3), log.known("durov"));
    }

    @Test
    void known_learnsFromReadsAndFloors() {
        EventLog writer = log();
        EventLog reader = log();
        await(writer.publish("durov", 0, List.of(event(7))));

        assertEquals(OptionalLong.empty(), reader.known("durov"));
        await(reader.last("durov"));
        assertEquals(OptionalLong.of(7), reader.known("durov"), "the newest entry read is in the log");
        await(reader.publish("meduzalive", 40, List.of()));
        assertEquals(OptionalLong.of(40), reader.known("meduzalive"), "the publisher's floor, without a round trip");
    }

    @Test
    void local_baselineAndKnownAsInRedis() {
        EventLog log = EventLog.local(100, InstantSource.system());

        assertEquals(List.of(), await(log.baseline("durov", List.of(event(10), event(12)))));
        assertEquals(OptionalLong.of(12), log.known("durov"));
        assertEquals(List.of(13L), seqs(await(log.baseline("durov", List.of(event(12), event(13))))));
        assertEquals(List.of(), await(log.publish("meduzalive", 5, List.of())));
        assertEquals(List.of(6L), seqs(await(log.publish("meduzalive", 0, List.of(event(5), event(6))))));
        assertEquals(1L, log.counters().get("events.baselines"));
    }

    /** A link that never opens its breaker: the test is about the log, not the breaker. */
    private EventLog log() {
        RedisLink link = RedisLink.create(vertx, new RedisConfig(redis.url(), Duration.ofSeconds(5), 4, 1_000,
                Duration.ofSeconds(10), Duration.ofSeconds(30)), InstantSource.system());
        return EventLog.redis(link, "tme:events:", 100, Duration.ofDays(1));
    }

    /** Until {@code condition} holds (a restarted Redis may refuse the first command on an old connection). */
    private static void until(BooleanSupplier condition) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + WITHIN);
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    private static List<Long> seqs(List<Entry> entries) {
        return entries.stream().map(Entry::seq).toList();
    }

    private static Event event(long seq) {
        return new Event(seq, ("post " + seq).getBytes(StandardCharsets.UTF_8));
    }
}
