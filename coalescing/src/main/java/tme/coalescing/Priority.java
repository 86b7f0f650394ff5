package tme.coalescing;

/** Whose load it is: a reader waiting for it, or work ahead of time that nobody waits for yet. */
public enum Priority {
    /** A reader waits for this load (a miss, or a stale entry past its revalidation window). */
    USER,
    /** Nobody waits: an early refresh, a stale-while-revalidate refresh, the refresher's warm-up. */
    BACKGROUND
}
