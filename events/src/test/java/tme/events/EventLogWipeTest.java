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
    void restoreMarks_afterRedisRestartedEmpty_keepsWhatReadersHadOut_andAppendsWhatIsAbove() {
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

        assertEquals(List.of(503L), seqs(after), "501 and 502 were in the log before the wipe: not appended again");
        assertEquals(List.of(503L), seqs(await(two.after("durov", Entry.START, 10))));
        assertEquals(1L, one.counters().get("events.marks_restored"));
        assertEquals(2L, two.counters().get("events.deduplicated"));
        assertEquals(OptionalLong.of(503), two.known("durov"), "learned from the answer");
        await(one.restoreMarks());
        assertEquals("503", redis.command("GET", "tme:events:{durov}:last"), "a lower mark never lowers Redis's");
        assertEquals(1L, one.counters().get("events.marks_restored"));
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
