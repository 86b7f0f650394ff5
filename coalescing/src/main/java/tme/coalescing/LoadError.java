package tme.coalescing;

/**
 * A load's domain failure, as the caller defines it: a value inside the process, handed to every caller of the
 * load as it is, and remembered as it is. It becomes bytes ({@link #bytes()}) only when a lease shares it with
 * other processes, which get those bytes back as a {@link Received} and read them their own way.
 */
public interface LoadError {

    /** What a lease hands to other processes waiting for the same key. */
    byte[] bytes();

    /**
     * Whether the failure belongs to who asked rather than to the key (a client over its share): then it is not
     * remembered for the key, and the next caller's load is tried.
     */
    default boolean personal() {
        return false;
    }

    /** A failure another process shared through a lease: only its bytes crossed. */
    static LoadError received(byte[] bytes) {
        return new Received(bytes);
    }

    /** The bytes of a failure another process shared (the array is shared, never modified). */
    record Received(byte[] bytes) implements LoadError {}
}
