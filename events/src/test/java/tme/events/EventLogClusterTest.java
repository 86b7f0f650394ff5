package tme.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.redis.RedisConfig;
import tme.redis.RedisLink;
import tme.redis.testing.RedisClusterTestBase;

/** The Redis log on a real 3-master Cluster: each channel's stream and mark share a slot, channels spread over nodes. */
class EventLogClusterTest extends RedisClusterTestBase {

    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() {
        EventLogTest.await(vertx.close());
    }

    @Test
    void cluster_appendsOncePerChannel_onTheChannelsOwnSlot() {
        RedisLink link = RedisLink.create(vertx, new RedisConfig(cluster.urls(), true, Duration.ofSeconds(5), 32, 3,
                Duration.ofSeconds(10), Duration.ofSeconds(30)), InstantSource.system());
        EventLog log = EventLog.redis(link, "tme:events:", 100, Duration.ofDays(1));

        for (String channel : List.of("durov", "meduzalive", "telegram")) {
            EventLogTest.await(log.publish(channel, 0, List.of(event(1), event(2))));
            EventLogTest.await(log.publish(channel, 0, List.of(event(2), event(3))));
            assertEquals(List.of(1L, 2L, 3L), EventLogTest.await(log.after(channel, Entry.START, 10)).stream()
                    .map(Entry::seq).toList(), channel);
            assertEquals(cluster.slot("tme:events:{" + channel + "}"), cluster.slot("tme:events:{" + channel + "}:last"));
        }
        assertNotEquals(cluster.slot("tme:events:{durov}"), cluster.slot("tme:events:{telegram}"));
        assertEquals(9L, log.counters().get("events.published"));
        assertEquals(3L, log.counters().get("events.deduplicated"));
        EventLogTest.await(link.close());
    }

    private static Event event(long seq) {
        return new Event(seq, ("post " + seq).getBytes(StandardCharsets.UTF_8));
    }
}
