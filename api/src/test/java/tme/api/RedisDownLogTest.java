package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redis killed under a running server (its WebSub deliverer asks Redis twice a second, its hub watch every round):
 * the log is an event, not a flood. Over six minutes on the test's clock, each with the deliverer's real rounds
 * failing at least eight times, the server writes a bounded number of lines, none with a stack trace, and exactly one
 * "closed" line once Redis is back. Before, each failed round was a WARNING with a full stack trace and the closing
 * was never logged.
 */
class RedisDownLogTest extends CacheFleetTestBase {

    static final int MINUTES = 6;
    /** Failed commands per minute on the clock: twice the lines a minute may have. */
    static final int FAILURES_PER_MINUTE = 8;
    /** Per minute: the breaker's line (opened, or stays open after the failed probe), and one per kind of failure. */
    static final int LINES_PER_MINUTE = 4;

    // Held: java.util.logging keeps loggers weakly, and a collected one would lose the handler.
    final Logger ours = Logger.getLogger("tme");
    final List<LogRecord> records = new CopyOnWriteArrayList<>();
    final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @Override
    CacheFleet newFleet() {
        return CacheFleet.withRedis();
    }

    @BeforeEach
    void capture() {
        ours.addHandler(capture);
    }

    @AfterEach
    void release() {
        ours.removeHandler(capture);
    }

    @Test
    void redisKilledForSixMinutes_aFewLinesAMinuteWithoutStackTraces_andOneClosedLineWhenItIsBack() {
        assertEquals(200, CacheHttp.get(server, "/v1/body/durov").statusCode());
        records.clear();

        fleet.redis.kill();
        for (int minute = 0; minute < MINUTES; minute++) {
            assertEquals(200, CacheHttp.get(server, "/v1/body/durov?position=" + (400 + minute)).statusCode());
            long before = unreached();
            // The deliverer's rounds go on in real time (every 500 ms) while the clock stands: many failures.
            FleetAwait.until("more failed Redis commands", () -> unreached() >= before + FAILURES_PER_MINUTE,
                    () -> "unreached " + unreached() + ", log " + lines());
            fleet.clock.advance(Duration.ofMinutes(1));
        }

        assertTrue(unreached() >= (long) FAILURES_PER_MINUTE * MINUTES, "failures counted: " + unreached());
        assertTrue(records.size() <= MINUTES * LINES_PER_MINUTE, records.size() + " lines: " + lines());
        records.forEach(record -> assertEquals(null, record.getThrown(), "a stack trace in " + lines()));
        assertEquals(1, count("Redis breaker opened"), lines());
        assertEquals(0, count("Redis breaker closed"), lines());

        fleet.redis.restart();
        fleet.clock.advance(Duration.ofSeconds(30)); // the open period is over: the next command probes
        FleetAwait.until("the breaker closed", () -> CacheHttp.metric(server, "tme_redis_breaker_state") == 0
                && CacheHttp.get(server, "/v1/body/durov?position=300").statusCode() == 200, this::lines);
        assertEquals(200, CacheHttp.get(server, "/v1/body/durov?position=301").statusCode());

        assertEquals(1, count("Redis breaker closed"), lines());
        assertTrue(records.stream().anyMatch(record -> record.getMessage()
                .matches("Redis breaker closed: Redis answered again after \\d+ s open")), lines());
    }

    /** Commands that did not reach Redis: failed, timed out, or bypassed by the open breaker. */
    private long unreached() {
        return CacheHttp.metric(server, "tme_redis_bypassed_total")
                + Math.round(PrometheusText.of(server).sum("tme_redis_command_failures_total"));
    }

    private long count(String text) {
        return records.stream().filter(record -> record.getMessage().contains(text)).count();
    }

    private String lines() {
        return records.stream().map(record -> record.getLoggerName() + ": " + record.getMessage()).toList().toString();
    }
}
