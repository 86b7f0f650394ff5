package tme.cache;

/** The cache level that answered a lookup. */
public enum Level {
    /** This process's memory (a segmented LRU). */
    L1,
    /** Redis, shared by every server. */
    L2
}
