package tme.coalescing;

/** Where the answer to a {@link CoalescingCache#get} came from. */
public enum Source {
    /** This process's memory. */
    L1,
    /** Redis, written earlier by any process. */
    L2,
    /** A load: this caller's, or one it shared in this process (or, for a failure, remembered from a recent one). */
    LOAD,
    /** Another process's load, waited for through its lease (value or shared failure). */
    OTHER_PROCESS,
    /**
     * A value past its freshness, from either level: within its stale-while-revalidate window (a refresh runs
     * behind), or standing in for a load that failed, was remembered as failing, or was shed.
     */
    STALE
}
