package tme.coalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.coalescing.Results.found;
import static tme.coalescing.Results.text;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tme.redis.testing.RedisServer;
import tme.redis.testing.TestClock;

/**
 * {@link CoalescingCache#get(String, Asker, Loader, Priority)}: a read that may wait its turn (a walk through a
 * channel's history) starts its load at background priority, charged to whoever asked; a second such read joins it
 * without raising it; a reader's miss joining it raises it to a reader's load.
 */
class PriorityGetTest {

    static final String KEY = "tme:v1:full:more:durov:before:490";
    static final String PAGE = "{\"posts\":[487,488,489]}";

    final RedisServer redis = RedisServer.start();
    final TestClock clock = new TestClock();
    final List<Node> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(Node::close);
        redis.close();
    }

    @Test
    void aBackgroundRead_isChargedToItsAsker_joinedByAnotherWithoutARaise_andRaisedByAReader() {
        Node node = Node.sharing(redis, clock);
        nodes.add(node);
        CountingLoader loader = CountingLoader.answering(PAGE, Duration.ofHours(1)).hold();
        Asker walker = Asker.of("203.0.113.9", "history#1");

        Future<Result> first = node.coalescing.get(KEY, walker, loader, Priority.BACKGROUND);
        Conditions.await("the load started", () -> loader.calls() == 1, () -> "calls " + loader.calls());
        LoadContext load = loader.contexts().getFirst();
        Future<Result> second = node.coalescing.get(KEY, Asker.of("198.51.100.7", "history#2"), loader,
                Priority.BACKGROUND);

        assertEquals(List.of(Priority.BACKGROUND, "203.0.113.9"), List.of(load.priority(), load.client()));
        Conditions.await("the second walker joined", () -> node.count("coalescing.coalesced") == 1,
                () -> node.coalescing.counters().toString());
        assertEquals(Priority.BACKGROUND, load.priority(), "a walker joining raises nothing");

        Future<Result> reader = node.get(KEY, loader);
        Conditions.await("the reader joined", () -> node.count("coalescing.coalesced") == 2,
                () -> node.coalescing.counters().toString());
        assertEquals(Priority.USER, load.priority(), "a reader joining makes it a reader's load");

        loader.release();
        for (Future<Result> result : List.of(first, second, reader)) {
            assertEquals(PAGE, text(found(result)));
        }
        assertEquals(1, loader.calls());
    }
}
