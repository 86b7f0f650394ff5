package tme.api.websub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * Redis restarted empty (or flushed) under the hub: the deliveries' consumer group is gone with its stream. A take that
 * meets NOGROUP makes the group again on the next round; before, the group was made once per process and every take
 * failed until the server restarted (seen when Redis was killed and restarted under a fleet).
 */
class RedisHubStoreWipeTest {

    final RedisServer redis = RedisServer.start();
    final Vertx vertx = Vertx.vertx();
    final TestClock clock = new TestClock();
    final RedisLink link = RedisLink.create(vertx, new RedisConfig(redis.url(), Duration.ofSeconds(5), 4, 3,
            Duration.ofSeconds(10), Duration.ofSeconds(30)), clock);
    final RedisHubStore store = new RedisHubStore(link, clock);

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        redis.close();
    }

    @Test
    void groupWipedWithRedis_isMadeAgainOnTheNextRound() throws Exception {
        assertEquals(List.of(), await(store.take("hub-a", 10)));

        redis.command("FLUSHALL");
        ExecutionException lost = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> await(store.take("hub-a", 10)));
        assertTrue(String.valueOf(lost.getCause().getMessage()).startsWith("NOGROUP"), lost.getCause().toString());

        assertEquals(List.of(), await(store.take("hub-a", 10)), "the group made again");
        assertEquals(List.of(), await(store.reclaim("hub-a", Duration.ofSeconds(60), 10)));
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }
}
