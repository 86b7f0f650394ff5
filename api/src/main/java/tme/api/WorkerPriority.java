package tme.api;

/**
 * How the parse workers' threads are scheduled next to the rest of the server ({@code PARSE_PRIORITY}).
 */
public enum WorkerPriority {
    /**
     * Linux's {@code SCHED_IDLE}: a parse runs when no other thread of the server's scheduling group wants the core
     * it is on. An event loop woken for a hit takes that core at once instead of queueing behind a parse for the rest
     * of its slice (3-5 ms measured, while the other core stood idle), and the kernel counts a core running only
     * parses as free when it places a woken loop. Loads wait 300 ms and more for t.me; a few more milliseconds under
     * a burst of hits cost them nothing, and hits never wait for them. A parse is starved only while the server's own
     * loops (or another busy process in its session or cgroup) keep every core busy.
     */
    IDLE,
    /** The parse workers compete with the event loops as equals (the JVM's default). */
    NORMAL
}
