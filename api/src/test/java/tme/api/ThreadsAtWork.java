package tme.api;

import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What a process's threads are doing, in one line: for a test that waited too long to say where it was held. */
final class ThreadsAtWork {

    // Frames anywhere in a stack that mean "waiting for work", not "held": an idle event loop or pool thread, the
    // JDK's and surefire's own service threads.
    private static final String[] IDLE = {"epollWait", "EPoll.wait", "SelectorImpl.select",
        "ThreadPoolExecutor.getTask", "LinkedBlockingQueue.take", "ForkJoinPool.awaitWork", "ReferenceQueue.remove",
        "TimerThread.mainLoop", "System$In.read", "Reference.waitForReferencePendingList"};

    private ThreadsAtWork() {
    }

    /**
     * Each thread not idle as {@code name STATE at top-frame < caller < caller}, separated by " | "; with none, that
     * no thread is held: a wait that never ends then lost a completion rather than a thread.
     */
    static String summary() {
        String busy = Thread.getAllStackTraces().entrySet().stream()
                .filter(thread -> thread.getKey() != Thread.currentThread() && !idle(thread.getValue()))
                .map(ThreadsAtWork::describe)
                .sorted()
                .collect(Collectors.joining(" | "));
        return busy.isEmpty() ? "no thread at work (a completion never came)" : busy;
    }

    private static boolean idle(StackTraceElement[] stack) {
        return stack.length == 0 || Stream.of(IDLE).anyMatch(frame -> Stream.of(stack)
                .anyMatch(element -> (element.getClassName() + "." + element.getMethodName()).contains(frame)));
    }

    private static String describe(Map.Entry<Thread, StackTraceElement[]> thread) {
        return thread.getKey().getName() + " " + thread.getKey().getState() + " at " + Stream.of(thread.getValue())
                .limit(6).map(element -> element.getClassName().replaceAll(".*\\.", "") + "." + element.getMethodName()
                        + ":" + element.getLineNumber())
                .collect(Collectors.joining(" < "));
    }
}
