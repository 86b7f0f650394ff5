package tme.coalescing;

/** Where the answer to a {@link CoalescingCache#get} came from. */
public enum Source {
    /** This process's memory. */
    L1,
    /** Redis, written earlier by any process. */
    L2,
    /** A load: this caller's, or one it shared in this process. */
    LOAD,
    /** Another process's load, waited for through its lease (value or shared failure). */
    OTHER_PROCESS
}
