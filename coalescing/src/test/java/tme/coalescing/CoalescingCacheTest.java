package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static tme.coalescing.Results.found;
import static tme.coalescing.Results.text;

import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.cache.Staleness;
import tme.cache.testing.Await;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/** One process (plus a second where a lease needs a holder) over a real redis-server. */
class CoalescingCacheTest {

    static final String KEY = "tme:v1:full:body:durov:0";
    static final String PAGE = "{\"channel\":\"durov\",\"posts\":[531,532]}";
    static final Duration FRESH_FOR = Duration.ofSeconds(10);
    static final String OLD_PAGE_KEY = "tme:v1:full:more:durov:before:490";
    static final String OLD_PAGE = "{\"posts\":[487,488,489]}";

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final List<Node> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(Node::close);
        redis.close();
    }

    Node node() {
        Node node = Node.sharing(redis, clock);
        nodes.add(node);
        return node;
    }

    @Test
    void get_1000ConcurrentGetsForOneColdKey_loadOnce_andAllGetTheSameBytes() {
        Node node = node();
        CountingLoader loader = CountingLoader.answering(PAGE, FRESH_FOR).hold();

        List<Future<Result>> results = Burst.fire(1000, () -> node.get(KEY, loader));
        Conditions.await("999 callers joined the one load", () -> node.count("coalescing.coalesced") == 999,
                () -> node.coalescing.counters().toString());
        loader.release();

        for (Future<Result> result : results) {
            Result.Found found = found(result);
            assertEquals(PAGE, text(found));
            assertEquals(Source.LOAD, found.source());
        }
        assertEquals(1, loader.calls());
        assertEquals(1L, node.count("coalescing.loads"));
        Conditions.await("the lease is released", () -> "0".equals(redis.command("EXISTS", LeaseKeys.of(KEY))));
        assertEquals(2, redis.calls("eval"), "one lease claim, one release");
    }

    @Test
    void get_afterTheLoad_isAnL1Hit_storedWithTheLoadersKindAndFreshness() {
        Node node = node();
        CountingLoader loader = new CountingLoader(Loaded.value(PAGE.getBytes(StandardCharsets.UTF_8), 2, FRESH_FOR));
        Await.result(node.get(KEY, loader));
        clock.advance(Duration.ofSeconds(5));

        Result.Found hit = found(node.get(KEY, loader));

        assertEquals(Source.L1, hit.source());
        assertEquals(2, hit.value().kind());
        assertEquals(FRESH_FOR, hit.value().freshFor());
        assertEquals(clock.instant().minusSeconds(5), hit.value().storedAt());
        assertEquals(1, loader.calls());
    }

    @Test
    void get_anotherNodesValue_isAnL2Hit_withoutLoading() {
        CountingLoader loader = CountingLoader.answering(PAGE, FRESH_FOR);
        Await.result(node().get(KEY, loader));

        Result.Found found = found(node().get(KEY, loader));

        assertEquals(Source.L2, found.source());
        assertEquals(PAGE, text(found));
        assertEquals(1, loader.calls());
    }

    @Test
    void get_localDomainFailure_isPassedOn_neverCached_rememberedForTheErrorTtl_thenTheNextGetLoadsAgain() {
        Node node = node();
        TestFailure throttled = new TestFailure("throttled");
        CountingLoader loader = new CountingLoader(Loaded.localFailure(throttled));

        Result.Failed failed = assertInstanceOf(Result.Failed.class, Await.result(node.get(KEY, loader)));
        assertSame(throttled, failed.error(), "this process's callers get the failure itself, not its bytes");
        assertEquals(Source.LOAD, failed.source());
        assertEquals("0", redis.command("EXISTS", KEY));
        // The release is sent as the answer goes out, not awaited by it.
        Conditions.await("the lease is released", () -> "0".equals(redis.command("EXISTS", LeaseKeys.of(KEY))));

        loader.answer(CountingLoader.value(PAGE, FRESH_FOR));
        clock.advance(Duration.ofMillis(1_999));
        Result.Failed remembered = assertInstanceOf(Result.Failed.class, Await.result(node.get(KEY, loader)));
        assertSame(throttled, remembered.error());
        assertEquals(1, loader.calls(), "within UPSTREAM_ERROR_TTL the failure is remembered, not reloaded");
        assertEquals(1L, node.count("coalescing.errors.remembered"));

        clock.advance(Duration.ofMillis(1));
        assertEquals(PAGE, text(found(node.get(KEY, loader))));
        assertEquals(2, loader.calls());
    }

    @Test
    void get_loaderFailingWithAnException_failsEveryCaller_releasesTheLease_andTheNextGetLoads() {
        Node node = node();
        int[] calls = {0};
        Loader broken = context -> {
            calls[0]++;
            return Future.failedFuture(new IllegalStateException("renderer bug"));
        };

        Future<Result> result = node.get(KEY, broken);
        Conditions.await("the load fails", result::isComplete);

        assertEquals("renderer bug", result.cause().getMessage());
        Conditions.await("the lease is released", () -> "0".equals(redis.command("EXISTS", LeaseKeys.of(KEY))));
        assertEquals(PAGE, text(found(node.get(KEY, CountingLoader.answering(PAGE, FRESH_FOR)))));
        assertEquals(1, calls[0]);
    }

    @Test
    void get_waitingLongerThanMaxWait_loadsHere() {
        Node holder = node();
        Node patient = node();
        Duration maxWait = CoalescingConfig.defaults().maxWait();
        assertEquals(Duration.ofSeconds(13), maxWait, "2 x TELEGRAM_TIMEOUT (5s) + a lease lifetime (3s)");
        CountingLoader hanging = CountingLoader.answering(PAGE, FRESH_FOR).hold();
        holder.get(KEY, hanging);
        Conditions.await("the holder loads", () -> hanging.calls() == 1);
        CountingLoader own = CountingLoader.answering(PAGE, FRESH_FOR);

        Future<Result> waited = patient.get(KEY, own);
        Conditions.await("the patient node waits on the lease", () -> patient.count("coalescing.lease.waits") == 1);
        clock.advance(maxWait);

        Result.Found found = found(waited);
        assertEquals(Source.LOAD, found.source());
        assertEquals(1, own.calls());
        assertEquals(1L, patient.count("coalescing.lease.wait_timeouts"));
    }

    @Test
    void failingKeyReadEvery10msFor4s_withRedis_callsTheLoaderOncePerErrorTtl() {
        StaleAnswersTest.failingKeyReadEvery10msFor4s(node(), clock);
    }

    @Test
    void get_staleInRedis_anotherNodesClaimTakesTheLease_andFallsBackToTheStaleValueWhenItsLoadFails() {
        Staleness staleness = Staleness.of(Optional.of(Duration.ofSeconds(1)), Duration.ofMinutes(1));
        Node writer = Node.sharing(redis, clock, staleness, CoalescingConfig.defaults());
        Node reader = Node.sharing(redis, clock, staleness, CoalescingConfig.defaults());
        nodes.add(writer);
        nodes.add(reader);
        Result.Found first = found(writer.get(KEY, CountingLoader.answering(PAGE, FRESH_FOR)));
        clock.advance(FRESH_FOR.plusSeconds(3)); // past its 1s revalidation window; Redis keeps it a minute more
        CountingLoader failing = new CountingLoader(Loaded.localFailure(new TestFailure("upstream_timeout")));

        Result.Found stale = found(reader.get(KEY, failing));

        assertEquals(first.value(), stale.value());
        assertEquals(Source.STALE, stale.source());
        assertEquals(1, failing.calls(), "the claim saw a stale value, not a cached one, and took the lease");
        assertEquals(1L, reader.count("coalescing.stale.if_error"));
        Conditions.await("the lease is released", () -> "0".equals(redis.command("EXISTS", LeaseKeys.of(KEY))));
        assertEquals(first.value(), found(writer.get(KEY, failing)).value(), "the failure wrote nothing");
    }

    @Test
    void get_withoutLeases_twoProcessesLoadOnceEach() {
        Node first = Node.alone(clock);
        Node second = Node.alone(clock);
        nodes.add(first);
        nodes.add(second);
        CountingLoader loader = CountingLoader.answering(PAGE, FRESH_FOR).hold();

        List<Future<Result>> results = new ArrayList<>(Burst.fire(100, () -> first.get(KEY, loader)));
        results.addAll(Burst.fire(100, () -> second.get(KEY, loader)));
        Conditions.await("both loads started", () -> loader.calls() == 2);
        loader.release();

        results.forEach(result -> assertEquals(PAGE, text(found(result))));
        assertEquals(2, loader.calls());
        assertEquals(0, redis.calls("eval"));
        assertSame(Source.L1, found(first.get(KEY, loader)).source());
    }

    /**
     * {@link CoalescingCache#get(String, Asker, Loader, Priority)}: a read that may wait its turn (a walk through a
     * channel's history) starts its load at background priority, charged to whoever asked; a second such read joins it
     * without raising it; a reader's miss joining it raises it to a reader's load.
     */
    @Test
    void aBackgroundRead_isChargedToItsAsker_joinedByAnotherWithoutARaise_andRaisedByAReader() {
        Node node = Node.sharing(redis, clock);
        nodes.add(node);
        CountingLoader loader = CountingLoader.answering(OLD_PAGE, Duration.ofHours(1)).hold();
        Asker walker = Asker.of("203.0.113.9", "history#1");

        Future<Result> first = node.coalescing.get(OLD_PAGE_KEY, walker, loader, Priority.BACKGROUND);
        Conditions.await("the load started", () -> loader.calls() == 1, () -> "calls " + loader.calls());
        LoadContext load = loader.contexts().getFirst();
        Future<Result> second = node.coalescing.get(OLD_PAGE_KEY, Asker.of("198.51.100.7", "history#2"), loader,
                Priority.BACKGROUND);

        assertEquals(List.of(Priority.BACKGROUND, "203.0.113.9"), List.of(load.priority(), load.client()));
        Conditions.await("the second walker joined", () -> node.count("coalescing.coalesced") == 1,
                () -> node.coalescing.counters().toString());
        assertEquals(Priority.BACKGROUND, load.priority(), "a walker joining raises nothing");

        Future<Result> reader = node.get(OLD_PAGE_KEY, loader);
        Conditions.await("the reader joined", () -> node.count("coalescing.coalesced") == 2,
                () -> node.coalescing.counters().toString());
        assertEquals(Priority.USER, load.priority(), "a reader joining makes it a reader's load");

        loader.release();
        for (Future<Result> result : List.of(first, second, reader)) {
            assertEquals(OLD_PAGE, text(found(result)));
        }
        assertEquals(1, loader.calls());
    }
}
