package tme.api;

import io.vertx.core.Future;
import io.vertx.core.WorkerExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A worker pool whose threads each put themselves under {@link WorkerPriority#IDLE} before their first task. Java
 * has no call for a thread's scheduling policy, so a thread asks {@code chrt --idle -p 0 <its id>} once (any user
 * may lower its own threads); where that cannot be done (not Linux, no {@code chrt}, a sandbox refusing it) the
 * threads stay as they are, said once in the log.
 */
final class IdleWorkers implements WorkerExecutor {

    private static final System.Logger LOG = System.getLogger(IdleWorkers.class.getName());
    private static final AtomicBoolean TOLD = new AtomicBoolean();
    // Per thread, once: a lookup on every later task.
    private static final ThreadLocal<Boolean> IDLE = ThreadLocal.withInitial(IdleWorkers::makeCurrentThreadIdle);
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final long CHRT_WAIT_SECONDS = 10;

    private final WorkerExecutor pool;

    private IdleWorkers(WorkerExecutor pool) {
        this.pool = pool;
    }

    /** {@code pool} itself when {@code priority} is normal, else the same pool with its threads made idle. */
    static WorkerExecutor of(WorkerExecutor pool, WorkerPriority priority) {
        return priority == WorkerPriority.IDLE ? new IdleWorkers(pool) : pool;
    }

    @Override
    public <T> Future<T> executeBlocking(Callable<T> task, boolean ordered) {
        return pool.executeBlocking(() -> {
            IDLE.get();
            return task.call();
        }, ordered);
    }

    @Override
    public Future<Void> close() {
        return pool.close();
    }

    /** Whether the calling thread is now under {@code SCHED_IDLE}. */
    private static boolean makeCurrentThreadIdle() {
        try {
            // "<pid>/task/<tid>": the kernel's id of this thread, which Java does not give.
            Path self = Files.readSymbolicLink(THREAD_SELF);
            String tid = self.getFileName().toString();
            Process chrt = new ProcessBuilder("chrt", "--idle", "-p", "0", tid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (chrt.waitFor(CHRT_WAIT_SECONDS, TimeUnit.SECONDS) && chrt.exitValue() == 0) {
                return true;
            }
            chrt.destroyForcibly();
            tell("chrt --idle failed (exit " + (chrt.isAlive() ? "none" : chrt.exitValue()) + ")");
        } catch (IOException | UnsupportedOperationException e) {
            tell(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    private static void tell(String why) {
        if (TOLD.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.WARNING, "PARSE_PRIORITY=idle: the parse workers stay at normal priority: "
                    + why);
        }
    }
}
