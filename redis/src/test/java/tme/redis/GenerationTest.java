package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.testing.RedisServer;

/** A wiped Redis is seen once by every process that knew it before, and a fresh start is not a wipe. */
class GenerationTest {

    static Vertx vertx;
    static RedisServer redis;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
        redis = RedisServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        redis.close();
        vertx.close().await(30, TimeUnit.SECONDS);
    }

    @Test
    void aFlushIsSeenOnceByEachProcessAndAFreshStartIsNot() throws Exception {
        redis.command("FLUSHALL");
        RedisLink link = link();
        Generation first = Generation.watch(link, Duration.ZERO);
        Generation second = Generation.watch(link(), Duration.ZERO);
        AtomicInteger firstWipes = new AtomicInteger();
        AtomicInteger secondWipes = new AtomicInteger();
        first.onWiped(firstWipes::incrementAndGet);
        second.onWiped(secondWipes::incrementAndGet);

        assertFalse(check(first), "an empty Redis met first is a fresh start");
        assertFalse(check(second), "the token the first process wrote is adopted");
        assertFalse(check(first));

        redis.command("FLUSHALL");
        assertTrue(check(second), "the process that writes the new token saw the old one go");
        assertTrue(check(first), "the other process sees a token it did not know");
        assertFalse(check(first));
        assertFalse(check(second));

        assertEquals(1, firstWipes.get());
        assertEquals(1, secondWipes.get());
        assertEquals(1, first.wipes());
    }

    @Test
    void aRestartedRedisIsAWipeAndAnUnreachableOneIsNot() throws Exception {
        RedisServer own = RedisServer.start();
        try {
            Generation generation = Generation.watch(link(own), Duration.ZERO);
            assertFalse(check(generation));
            own.kill();
            assertFalse(check(generation), "out of reach says nothing");
            own.restart();
            assertTrue(check(generation));
            assertEquals(1, generation.wipes());
        } finally {
            own.close();
        }
    }

    private static boolean check(Generation generation) throws Exception {
        return generation.check().await(30, TimeUnit.SECONDS);
    }

    private static RedisLink link() {
        return link(redis);
    }

    private static RedisLink link(RedisServer server) {
        return RedisLink.create(vertx, new RedisConfig(server.url(), Duration.ofSeconds(5), 4, 3, Duration.ofSeconds(10),
                Duration.ofSeconds(30)), InstantSource.system());
    }
}
