package tme.api;

import com.github.luben.zstd.Zstd;
import io.netty.buffer.ByteBufAllocator;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tme.redis.RedisLink;

/**
 * What an event loop would otherwise do first, done on the starting thread before anything runs on the loops. Three
 * servers started together at a load of 11 each held a loop for 3.8 to 10 s at start (BlockedThreadChecker): loading
 * the Redis client's and Netty's classes for the first connection, and initialising Netty's flight-recorder events
 * for its first pooled buffer. The Redis command waiting on that loop missed its deadline and opened the breaker, and
 * every request on the loop waited. The first request read from the cache then held a loop 1.6 s more, binding zstd's
 * native functions. The routers are built and the servers bound off the loops too ({@link ApiVerticle}).
 */
final class StartWarmUp {

    private StartWarmUp() {}

    /** Every warm-up; returns once Redis answered or could not be reached, within {@code redisUpTo}. */
    static void run(Optional<RedisLink> redis, Duration redisUpTo) {
        buffers();
        zstd();
        redis.ifPresent(link -> redis(link, redisUpTo));
    }

    /** A frame made, measured and read back: binds zstd's native functions (generated method handles). */
    static void zstd() {
        byte[] frame = Zstd.compress(new byte[256], 1);
        Zstd.decompress(frame, (int) Zstd.getFrameContentSize(frame));
    }

    /**
     * One pooled buffer taken and given back: the first chunk initialises Netty's allocator events, which register
     * with the flight recorder and load its metadata (two seconds on a loop, measured).
     */
    static void buffers() {
        ByteBufAllocator.DEFAULT.directBuffer(64).release();
    }

    /**
     * The link's first connection and command ({@link RedisLink#warmUp}), waited for: a Redis that is down is not
     * fatal (the server starts and serves from memory), and a slow one is waited for at most {@code upTo}.
     */
    static void redis(RedisLink link, Duration upTo) {
        try {
            link.warmUp().toCompletionStage().toCompletableFuture().get(upTo.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException notReached) {
            // Counted by the link; its breaker decides what comes next.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
