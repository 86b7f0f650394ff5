package tme.cache;

/**
 * Bytes ready to store: a zstd frame when that was smaller, else the raw bytes. Built apart from {@link Stored}
 * so that callers can compress large values on a worker thread, off the event loop, before the cache adds the
 * times it decides.
 *
 * @param payload    zstd frame when {@code compressed}, else the raw bytes (shared, never modified)
 * @param compressed whether {@code payload} is a zstd frame
 * @param rawSize    size of the raw bytes
 */
public record Encoded(byte[] payload, boolean compressed, int rawSize) {

    /** Compresses {@code raw} with zstd level 1 when that makes it smaller; CPU work, keep it off the event loop. */
    public static Encoded of(byte[] raw) {
        byte[] frame = Compression.compressIfSmaller(raw);
        return frame == null ? new Encoded(raw, false, raw.length) : new Encoded(frame, true, raw.length);
    }
}
