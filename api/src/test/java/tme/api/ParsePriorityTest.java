package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code PARSE_PRIORITY}: with {@code idle}, every thread that ran a parse pool's task is under Linux's {@code
 * SCHED_IDLE}, the other pools' threads are not; with {@code normal}, nothing changes. Read from the kernel
 * ({@code /proc/.../stat}, the scheduling policy: 0 normal, 5 idle).
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

        assertEquals(List.of(SCHED_IDLE, SCHED_IDLE, SCHED_IDLE, SCHED_IDLE, SCHED_IDLE, SCHED_IDLE, SCHED_IDLE, SCHED_IDLE),
                policies);
    }

    @Test
    void normalWorkersAreLeftAsTheyAre() throws Exception {
        WorkerExecutor pool = IdleWorkers.of(vertx.createSharedWorkerExecutor("normal-test", 2), WorkerPriority.NORMAL);

        List<Integer> policies = policiesOfTasks(pool, 8);

        assertEquals(List.of(SCHED_OTHER, SCHED_OTHER, SCHED_OTHER, SCHED_OTHER, SCHED_OTHER, SCHED_OTHER, SCHED_OTHER,
                SCHED_OTHER), policies);
    }

    @Test
    void aServerWithIdleParsersParsesUnderSchedIdleAndAnswersHitsFromLoopsThatAreNot() throws Exception {
        try (TestServer server = new TestServer(Map.of("PARSE_PRIORITY", "idle"))) {
            var miss = server.get("/v1/body/durov");
            var hit = server.get("/v1/body/durov");

            assertEquals(200, miss.statusCode());
            assertEquals("L1", hit.headers().firstValue("X-Cache").orElseThrow());
            assertEquals(miss.body(), hit.body());
            assertEquals(1L, server.tme.hits("/s/durov"));
            // Other tests' servers in this JVM run their parsers normal (TestServer's default): an idle one is ours.
            assertTrue(policiesOfThreads("tme-parse-").contains(SCHED_IDLE));
            List<Integer> loops = policiesOfThreads("vert.x-eventloo");
            assertFalse(loops.isEmpty());
            assertEquals(List.of(SCHED_OTHER), loops.stream().distinct().toList());
        }
    }

    private static List<Integer> policiesOfTasks(WorkerExecutor pool, int tasks) throws Exception {
        List<io.vertx.core.Future<Integer>> policies = IntStream.range(0, tasks)
                .mapToObj(i -> pool.executeBlocking(() -> policyOf(Path.of("/proc/thread-self/stat")), false))
                .toList();
        return io.vertx.core.Future.all(policies).await(30, TimeUnit.SECONDS).list();
    }

    private static List<Integer> policiesOfThreads(String namePrefix) throws IOException {
        try (Stream<Path> threads = Files.list(Path.of("/proc/self/task"))) {
            return threads.filter(thread -> commandOf(thread).startsWith(namePrefix))
                    .flatMap(thread -> {
                        try {
                            return Stream.of(policyOf(thread.resolve("stat")));
                        } catch (UncheckedIOException ended) {
                            return Stream.empty(); // the thread ended meanwhile
                        }
                    }).toList();
        }
    }

    private static String commandOf(Path thread) {
        try {
            return Files.readString(thread.resolve("comm")).strip();
        } catch (IOException e) {
            return ""; // the thread ended meanwhile
        }
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
