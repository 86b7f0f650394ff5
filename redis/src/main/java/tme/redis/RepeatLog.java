package tme.redis;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One log line per kind of failure per interval, whatever the rate of failures: the first of a kind is logged at
 * once, the next ones within {@code every} of it are counted, and the first one after that is logged with how many
 * were left out ({@code "... (37 more like it in the last 60 s)"}). A kind is the caller's event (a constant text)
 * and the failure's class, so a deliverer that cannot take its deliveries twice a second while Redis is down writes
 * one line a minute, and a different failure still shows at once.
 *
 * <p>Expected failures, Redis out of reach ({@link RedisUnreachable}) or a broken connection (an {@link IOException}
 * anywhere in the cause chain), are one line each with no stack trace; any other failure (a bug) keeps its stack trace.
 * Safe to call from any thread; the clock is injected, so tests step intervals rather than wait.
 */
public final class RepeatLog {

    /** How often a kind of failure is logged at most: a minute. */
    public static final Duration EVERY = Duration.ofMinutes(1);

    private final System.Logger logger;
    private final Duration every;
    private final InstantSource clock;
    // Per kind: when it was last logged and how many were left out since; each guarded by itself.
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    public RepeatLog(System.Logger logger, Duration every, InstantSource clock) {
        this.logger = logger;
        this.every = every;
        this.clock = clock;
    }

    /** At most once per {@link #EVERY} per kind. */
    public static RepeatLog perMinute(System.Logger logger, InstantSource clock) {
        return new RepeatLog(logger, EVERY, clock);
    }

    /** {@code event} (a constant text: it names the kind) failed with {@code failure}. */
    public void warn(String event, Throwable failure) {
        log(System.Logger.Level.WARNING, event, failure);
    }

    /** As {@link #warn}, at {@code level}. */
    public void log(System.Logger.Level level, String event, Throwable failure) {
        log(level, event, () -> event, failure);
    }

    /**
     * {@code event} failed with {@code failure}; {@code line} (built only when logged) may add what varies, such as
     * the channel or key, and is followed by the failure itself.
     */
    public void log(System.Logger.Level level, String event, Supplier<String> line, Throwable failure) {
        if (!logger.isLoggable(level)) {
            return;
        }
        long leftOut = windows.computeIfAbsent(event + " " + failure.getClass().getName(), kind -> new Window())
                .pass(clock.instant(), every);
        if (leftOut < 0) {
            return;
        }
        String text = line.get() + ": " + failure + (leftOut == 0 ? ""
                : " (" + leftOut + " more like it in the last " + every.toSeconds() + " s)");
        if (expected(failure)) {
            logger.log(level, text);
        } else {
            logger.log(level, text, failure);
        }
    }

    /** Redis out of reach, or a broken or refused connection: a line, not a stack trace. */
    static boolean expected(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof RedisUnreachable || cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** One kind's interval: when its last line went out, and how many of it were left out since. */
    private static final class Window {
        private Instant logged = Instant.MIN;
        private long leftOut;

        /** How many were left out before this one, which is logged; or -1: this one is left out too. */
        synchronized long pass(Instant now, Duration every) {
            if (logged != Instant.MIN && now.isBefore(logged.plus(every))) {
                leftOut++;
                return -1;
            }
            long before = leftOut;
            logged = now;
            leftOut = 0;
            return before;
        }
    }
}
