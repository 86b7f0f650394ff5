package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.Stored;
import tme.cache.testing.Await;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * A process whose lease lapsed mid-load (paused, cut off) while another process took the key over and stored it:
 * its own waiting callers get that stored value, not its load's timeout, and it does not load again.
 */
class TakeoverAnswerTest {

    static final String KEY = "tme:v1:full:body:durov:0";
    static final String TAKEN_OVER = "{\"channel\":\"durov\",\"posts\":[531,532]}";
    static final Duration FRESH_FOR = Duration.ofSeconds(10);
    static final int READERS = 5;

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final CountingLoader hanging = CountingLoader.answering("{\"never\":true}", FRESH_FOR).hold();
    final CountingLoader successor = CountingLoader.answering(TAKEN_OVER, FRESH_FOR);
    Node a;
    Node b;

    @AfterEach
    void stop() {
        List.of(a, b).forEach(Node::close);
        redis.close();
    }

    @Test
    void get_leaseLostMidLoadAndAnotherProcessStored_waitingCallersGetItsValue() {
        a = Node.sharing(redis, clock);
        b = Node.sharing(redis, clock);
        List<Future<Result>> readers = Burst.fire(READERS, () -> a.get(KEY, hanging));
        takeOver();

        // a's next renewal (within a second) finds its lease gone and looks in L2; its load never ends.
        readers.forEach(TakeoverAnswerTest::assertTakenOverValue);
        assertOneLoadEach();
    }

    @Test
    void get_ownLoadFailsAfterAnotherProcessStored_callersGetItsValueNotTheFailure() {
        // No renewal within the test: the failure of a's own load (a paused server's upstream timeout) is what
        // makes it look.
        CoalescingConfig config = slowRenewals();
        a = Node.sharing(redis, clock, config);
        b = Node.sharing(redis, clock, config);
        List<Future<Result>> readers = Burst.fire(READERS, () -> a.get(KEY, hanging));
        takeOver();

        hanging.answer(Loaded.localFailure(new TestFailure("{\"error\":\"upstream_timeout\"}")));
        hanging.release();

        readers.forEach(TakeoverAnswerTest::assertTakenOverValue);
        assertOneLoadEach();
    }

    @Test
    void get_anotherProcessStoredWhileOurLeaseHeld_callersGetItAtMaxWait() {
        // No renewal within the test, and a lease that outlives it: only the maxWait deadline makes a look.
        CoalescingConfig config = slowRenewals().withMaxWait(Duration.ofSeconds(3));
        a = Node.sharing(redis, clock, config);
        b = Node.sharing(redis, clock, config);
        List<Future<Result>> readers = Burst.fire(READERS, () -> a.get(KEY, hanging));
        Conditions.await("a holds the lease and loads", () -> hanging.calls() == 1);

        // b stored the key without the lease (its claim fell back while Redis was slow for it).
        Await.result(b.cache.put(KEY, Stored.of(TAKEN_OVER.getBytes(StandardCharsets.UTF_8), 0, clock.instant(),
                FRESH_FOR)));

        readers.forEach(TakeoverAnswerTest::assertTakenOverValue);
        assertTakeoverCounted();
        assertEquals(1L, a.count("coalescing.loads"), "a did not load again");
    }

    private static CoalescingConfig slowRenewals() {
        LeaseTimes slow = new LeaseTimes(Duration.ofMinutes(2), Duration.ofMinutes(1), Duration.ofSeconds(2));
        CoalescingConfig defaults = CoalescingConfig.defaults();
        return new CoalescingConfig(defaults.refreshWindow(), defaults.maxWait(), defaults.pollFrom(),
                defaults.pollUpTo(), defaults.errorTtl(), defaults.maxWaiting(), slow);
    }

    /** a holds the lease and loads; its lease lapses (as after a pause); b takes it over and stores the key. */
    private void takeOver() {
        Conditions.await("a holds the lease and loads", () -> hanging.calls() == 1);
        // What a pause longer than the lease's lifetime leaves in Redis: no lease of a's.
        redis.command("DEL", LeaseKeys.of(KEY));
        Result.Found stored = assertInstanceOf(Result.Found.class, Await.result(b.get(KEY, successor)));
        assertEquals(Source.LOAD, stored.source(), "b took the lease over and loaded");
    }

    private void assertOneLoadEach() {
        assertTakeoverCounted();
        assertEquals(1L, a.count("coalescing.loads"), "a did not load again");
        assertEquals(1, hanging.calls());
        assertEquals(1, successor.calls(), "the upstream asked once since the lease lapsed, by b");
        Result.Found next = assertInstanceOf(Result.Found.class, Await.result(a.get(KEY, hanging)));
        assertEquals(TAKEN_OVER, new String(next.value().raw(), StandardCharsets.UTF_8));
        assertEquals(Source.L1, next.source(), "a kept the value it answered");
    }

    /** Counted just after the callers were answered (maybe on another thread): looked at until it shows. */
    private void assertTakeoverCounted() {
        Conditions.await("one flight answered by the takeover, counted",
                () -> a.count("coalescing.takeover_answers") == 1);
    }

    private static void assertTakenOverValue(Future<Result> reader) {
        Result.Found found = assertInstanceOf(Result.Found.class, Await.result(reader));
        assertEquals(TAKEN_OVER, new String(found.value().raw(), StandardCharsets.UTF_8));
        assertEquals(Source.OTHER_PROCESS, found.source());
    }
}
