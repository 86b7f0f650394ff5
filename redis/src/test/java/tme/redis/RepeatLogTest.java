package tme.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.TestClock;

/** A kind of failure is one line per interval with the count of those left out, on the test's clock. */
class RepeatLogTest {

    static final String NAME = "tme.redis.RepeatLogTest.sink";

    final TestClock clock = new TestClock();
    final List<LogRecord> records = new CopyOnWriteArrayList<>();
    final Logger sink = Logger.getLogger(NAME);
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
    final RepeatLog log = new RepeatLog(System.getLogger(NAME), Duration.ofMinutes(1), clock);

    @BeforeEach
    void capture() {
        sink.addHandler(capture);
        sink.setUseParentHandlers(false);
    }

    @AfterEach
    void release() {
        sink.removeHandler(capture);
        sink.setUseParentHandlers(true);
    }

    @Test
    void twiceASecondForTenMinutes_isOneLineAMinute_eachWithTheCountLeftOut() {
        RedisUnreachable open = new RedisUnreachable(RedisReply.Unreached.BREAKER_OPEN);
        for (int tick = 0; tick < 1200; tick++) {
            log.warn("Could not take WebSub deliveries", open);
            clock.advance(Duration.ofMillis(500));
        }

        assertEquals(10, records.size());
        assertEquals("Could not take WebSub deliveries: tme.redis.RedisUnreachable: Redis unreachable (BREAKER_OPEN)",
                records.getFirst().getMessage());
        assertEquals("Could not take WebSub deliveries: tme.redis.RedisUnreachable: Redis unreachable (BREAKER_OPEN)"
                + " (119 more like it in the last 60 s)", records.get(1).getMessage());
        records.forEach(record -> assertNull(record.getThrown(), "an expected failure has no stack trace"));
    }

    @Test
    void anotherKind_showsAtOnce_andABug_keepsItsStackTrace() {
        log.warn("Could not take WebSub deliveries", new RedisUnreachable(RedisReply.Unreached.TIMEOUT));
        log.warn("Could not take WebSub deliveries", new RedisUnreachable(RedisReply.Unreached.TIMEOUT));
        log.warn("Could not take WebSub deliveries", new IllegalStateException("wrong reply"));
        log.warn("Could not read the subscribed channels", new RuntimeException("x", new ConnectException("refused")));

        assertEquals(3, records.size());
        assertNull(records.get(0).getThrown());
        assertSame(IllegalStateException.class, records.get(1).getThrown().getClass());
        assertNull(records.get(2).getThrown(), "a refused connection is expected");
    }
}
