package tme.coalescing.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import tme.cache.testing.Await;
import tme.coalescing.Asker;
import tme.coalescing.LoadContext;
import tme.coalescing.Priority;
import tme.redis.testing.TestClock;

/**
 * Upstream slots on a test clock, asked from the test thread: with no Vert.x context there, every grant and
 * refusal is delivered before the call that decided it returns, so tests read outcomes without waiting. Only
 * deadlines run on real Vert.x timers.
 */
final class SlotsHarness implements AutoCloseable {

    /** A deadline no test reaches. */
    static final Duration NEVER = Duration.ofMinutes(10);

    final Vertx vertx = Vertx.vertx();
    final TestClock clock = new TestClock();
    final UpstreamSlots slots;
    /** Names of granted requests, in the order they were granted. */
    final List<String> grants = new CopyOnWriteArrayList<>();
    /** The slots granted, in order: the last is the one to release next in a turn-by-turn test. */
    final List<Slot> granted = new CopyOnWriteArrayList<>();
    private final AtomicInteger keys = new AtomicInteger();

    SlotsHarness(int maxConcurrency, int queuePerSlot) {
        slots = UpstreamSlots.create(new SlotsConfig(maxConcurrency, queuePerSlot), clock, vertx);
    }

    static LoadContext backgroundLoad(String flow) {
        return new LoadContext("refresh:" + flow, Asker.of(flow, flow), Priority.BACKGROUND, Optional.empty());
    }

    /** A reader's request of {@code flow}, named {@code name} in {@link #grants}. */
    Future<SlotGrant> user(String flow, String name) {
        return user(flow, flow, name);
    }

    /** A reader's request for {@code client}, of {@code flow}, named {@code name} in {@link #grants}. */
    Future<SlotGrant> user(String client, String flow, String name) {
        return ask(LoadContext.user("key" + keys.incrementAndGet(), Asker.of(client, flow)), NEVER, name);
    }

    Future<SlotGrant> background(String flow, String name) {
        return ask(backgroundLoad(flow), NEVER, name);
    }

    Future<SlotGrant> ask(LoadContext load, Duration deadline, String name) {
        return slots.acquire(load, deadline).onSuccess(grant -> {
            if (grant instanceof SlotGrant.Granted slot) {
                grants.add(name);
                granted.add(slot.slot());
            }
        });
    }

    /** {@code count} reader requests of {@code flow}, named flow1, flow2, ... */
    List<Future<SlotGrant>> users(String flow, int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> user(flow, flow + i)).toList();
    }

    static Slot granted(Future<SlotGrant> answer) {
        assertTrue(answer.isComplete(), "not answered yet");
        return assertInstanceOf(SlotGrant.Granted.class, answer.result()).slot();
    }

    static SlotGrant.Refused refused(Future<SlotGrant> answer) {
        assertTrue(answer.isComplete(), "not answered yet");
        return assertInstanceOf(SlotGrant.Refused.class, answer.result());
    }

    static SlotGrant.Refused awaitRefused(Future<SlotGrant> answer) {
        return assertInstanceOf(SlotGrant.Refused.class, Await.result(answer));
    }

    static void waiting(List<Future<SlotGrant>> answers) {
        answers.forEach(answer -> assertFalse(answer.isComplete(), "answered already: " + answer.result()));
    }

    static void waiting(Future<SlotGrant> answer) {
        waiting(List.of(answer));
    }

    long counter(String name) {
        Long value = slots.counters().get(name);
        if (value == null) {
            throw new AssertionError("no counter " + name + " in " + slots.counters());
        }
        return value;
    }

    void assertGauges(long inUse, long backgroundInUse, long waiting) {
        assertEquals(List.of(inUse, backgroundInUse, waiting), List.of(counter("gate.slots.in_use"),
                counter("gate.slots.background_in_use"), counter("gate.queue.waiting")), "in use, background, waiting");
    }

    @Override
    public void close() {
        Await.result(vertx.close());
    }
}
