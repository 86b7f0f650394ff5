package tme.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the parse workers' threads are scheduled next to the rest of the server ({@code PARSE_PRIORITY}).
 */
public enum WorkerPriority {
    /**
     * {@link #IDLE} where this process leads its own session (a service manager's unit, a container's first
     * process, anything started with {@code setsid}), else {@link #NORMAL}. {@code SCHED_IDLE} yields to every
     * thread of the scheduling group: the session's autogroup, or the cgroup. A session of its own holds only the
     * server; a shell's session also holds whatever else was started there (a build, {@code stress-ng}), and behind
     * those the parses would wait as long as they run.
     */
    AUTO,
    /**
     * Linux's {@code SCHED_IDLE}: a parse runs when no other thread of the server's scheduling group wants the core
     * it is on. An event loop woken for a hit takes that core at once instead of queueing behind a parse for the rest
     * of its slice (3-5 ms measured, while the other core stood idle), and the kernel counts a core running only
     * parses as free when it places a woken loop. Loads wait 300 ms and more for t.me; a few more milliseconds under
     * a burst of hits cost them nothing, and hits never wait for them. A parse is starved while the server's own
     * loops, or another busy process in its session or cgroup, keep every core busy.
     */
    IDLE,
    /** The parse workers compete with the event loops as equals (the JVM's default). */
    NORMAL;

    /** {@link #AUTO} decided for this process; the others as they are. */
    WorkerPriority resolved() {
        return this == AUTO ? forSession(ProcessHandle.current().pid(), sessionOfThisProcess()) : this;
    }

    /** {@link #AUTO}'s rule: idle for the leader of its own session (or a container's first process). */
    static WorkerPriority forSession(long pid, long session) {
        return pid == session || pid == 1 ? IDLE : NORMAL;
    }

    /** The 6th field of {@code /proc/self/stat}; -1 where there is none (not Linux). */
    private static long sessionOfThisProcess() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // After the command's closing parenthesis: state, ppid, pgrp, session.
            return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
