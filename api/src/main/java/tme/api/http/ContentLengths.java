package tme.api.http;

import io.netty.util.AsciiString;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * {@code Content-Length} values, encoded once per length a thread writes: left to Vert.x, every answer formats its
 * length into a new {@link String}, looks for the header twice and sets it (a removal and an addition whose value is
 * validated and encoded a char at a time). A hit answers the same few lengths again and again (one per value and
 * coding), so each thread keeps the last ones it wrote in a small table ({@link #SLOTS} slots, by length), and a hot
 * value's length costs a lookup.
 */
final class ContentLengths {

    /** Slots per thread: a loop's hot values and their codings, each in the slot its length falls in. */
    static final int SLOTS = 64;

    private static final FastThreadLocal<ContentLengths> TABLES = new FastThreadLocal<>() {
        @Override
        protected ContentLengths initialValue() {
            return new ContentLengths();
        }
    };

    // One thread's table (a loop's, or a worker's): slot i holds the last length written whose low bits are i.
    private final int[] lengths = new int[SLOTS];
    private final AsciiString[] values = new AsciiString[SLOTS];

    private ContentLengths() {}

    /** {@code length} in decimal, ready to write as a header value. */
    static AsciiString of(int length) {
        ContentLengths table = TABLES.get();
        int slot = length & (SLOTS - 1);
        AsciiString kept = table.values[slot];
        if (kept != null && table.lengths[slot] == length) {
            return kept;
        }
        AsciiString made = AsciiString.of(Integer.toString(length));
        table.lengths[slot] = length;
        table.values[slot] = made;
        return made;
    }
}
