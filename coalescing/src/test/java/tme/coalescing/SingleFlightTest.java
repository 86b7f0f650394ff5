package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

class SingleFlightTest {

    final SingleFlight<String> flights = new SingleFlight<>();
    final AtomicInteger loads = new AtomicInteger();
    final Promise<String> gate = Promise.promise();

    Supplier<Future<String>> gatedLoad() {
        return () -> {
            loads.incrementAndGet();
            return gate.future();
        };
    }

    @Test
    void run_sharesOneLoadAmong1000CallersOnEightThreads() {
        List<Future<String>> answers = Burst.fire(1000, () -> flights.run("durov", gatedLoad()));
        assertEquals(1, flights.inFlight());
        gate.complete("page of durov");

        for (Future<String> answer : answers) {
            assertEquals("page of durov", Await.result(answer));
        }
        assertEquals(1, loads.get());
        assertEquals(999, flights.joined());
        assertEquals(0, flights.inFlight());
    }

    @Test
    void run_afterTheLoadCompleted_loadsAgain() {
        flights.run("durov", () -> Future.succeededFuture("first"));

        String second = Await.result(flights.run("durov", () -> Future.succeededFuture("second")));

        assertEquals("second", second);
        assertEquals(0, flights.joined());
    }

    @Test
    void run_aCallerReactingToTheResult_startsANewLoadRatherThanGettingTheFinishedOne() {
        Future<String> first = flights.run("durov", gatedLoad());
        Promise<Future<String>> reaction = Promise.promise();
        first.onComplete(done -> reaction.complete(flights.run("durov", () -> Future.succeededFuture("next"))));

        gate.complete("first");

        assertEquals("next", Await.result(Await.result(reaction.future())));
    }

    @Test
    void run_failedLoad_isSharedAndForgotten() {
        Future<String> first = flights.run("durov", gatedLoad());
        Future<String> second = flights.run("durov", gatedLoad());
        IllegalStateException boom = new IllegalStateException("upstream broke");

        gate.fail(boom);

        assertSame(boom, first.cause());
        assertSame(boom, second.cause());
        assertEquals(0, flights.inFlight());
        assertEquals(1, loads.get());
    }

    @Test
    void run_loaderThatThrows_failsTheCallerAndFreesTheKey() {
        Future<String> thrown = flights.run("durov", () -> {
            throw new IllegalArgumentException("bug in the loader");
        });

        assertTrue(thrown.failed());
        assertEquals("bug in the loader", thrown.cause().getMessage());
        assertEquals(0, flights.inFlight());
        assertEquals("ok", Await.result(flights.run("durov", () -> Future.succeededFuture("ok"))));
    }

    @Test
    void run_differentKeys_loadIndependently() {
        Future<String> durov = flights.run("durov", gatedLoad());
        Future<String> telegram = flights.run("telegram", () -> Future.succeededFuture("page of telegram"));

        assertEquals("page of telegram", Await.result(telegram));
        assertEquals(false, durov.isComplete());
        assertEquals(1, flights.inFlight());
        assertEquals(0, flights.joined());
    }
}
