package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code PARSE_PRIORITY}: with {@code idle}, every thread that ran a parse pool's task is under Linux's {@code
 * SCHED_IDLE}; with {@code normal}, nothing changes; {@code auto} is idle only for a session's leader. Read from the
 * kernel ({@code /proc/thread-self/stat}, the scheduling policy: 0 normal, 5 idle). Every task here is a file read:
 * an idle thread gets that done even beside a busy machine's processes in the same session (a parse might not).
 */
class ParsePriorityTest {

    private static final int SCHED_OTHER = 0;
    private static final int SCHED_IDLE = 5;
    // The policy is the 41st field of a thread's stat line; fields after the command's closing ')' start at the 3rd.
    private static final int POLICY_AFTER_COMMAND = 41 - 3;

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void idleWorkersRunEveryTaskUnderSchedIdle() throws Exception {
        WorkerExecutor pool = IdleWorkers.of(vertx.createSharedWorkerExecutor("idle-test", 2), WorkerPriority.IDLE);

        List<Integer> policies = policiesOfTasks(pool, 8);

        assertEquals(Collections.nCopies(8, SCHED_IDLE), policies);
    }

    @Test
    void normalWorkersAreLeftAsTheyAre() throws Exception {
        WorkerExecutor pool = IdleWorkers.of(vertx.createSharedWorkerExecutor("normal-test", 2), WorkerPriority.NORMAL);

        List<Integer> policies = policiesOfTasks(pool, 8);

        assertEquals(Collections.nCopies(8, SCHED_OTHER), policies);
    }

    @Test
    void theServersParsersAreIdleWorkersWhenAsked_andThePlainPoolWhenNot() throws Exception {
        WorkerExecutor idle = Main.parsers(vertx, Config.fromEnv(Map.of("PARSE_PRIORITY", "idle")));
        WorkerExecutor normal = Main.parsers(vertx, Config.fromEnv(Map.of("PARSE_PRIORITY", "normal")));

        assertInstanceOf(IdleWorkers.class, idle);
        assertFalse(normal instanceof IdleWorkers);
        assertEquals(List.of(SCHED_IDLE), policiesOfTasks(idle, 1));
    }

    @Test
    void auto_isIdleForTheLeaderOfItsOwnSessionOrAContainersFirstProcess_elseNormal() {
        assertEquals(WorkerPriority.IDLE, WorkerPriority.forSession(4242, 4242));
        assertEquals(WorkerPriority.IDLE, WorkerPriority.forSession(1, 1));
        assertEquals(WorkerPriority.NORMAL, WorkerPriority.forSession(4242, 4100), "a process of a shell's session");
        assertEquals(WorkerPriority.NORMAL, WorkerPriority.forSession(4242, -1), "no /proc");
        assertEquals(WorkerPriority.IDLE, WorkerPriority.IDLE.resolved());
        assertEquals(WorkerPriority.NORMAL, WorkerPriority.NORMAL.resolved());
    }

    private static List<Integer> policiesOfTasks(WorkerExecutor pool, int tasks) throws Exception {
        List<io.vertx.core.Future<Integer>> policies = IntStream.range(0, tasks)
                .mapToObj(i -> pool.executeBlocking(() -> policyOf(Path.of("/proc/thread-self/stat")), false))
                .toList();
        return io.vertx.core.Future.all(policies).await(30, TimeUnit.SECONDS).list();
    }

    private static int policyOf(Path stat) {
        try {
            String line = Files.readString(stat);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[POLICY_AFTER_COMMAND]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
