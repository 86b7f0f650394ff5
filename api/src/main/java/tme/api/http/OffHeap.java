package tme.api.http;

import io.vertx.core.buffer.Buffer;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import tme.api.memory.DirectRoom;

/**
 * Makes one coding's copies off the heap, or says it cannot: a copy is an optimisation, never a failure. It is
 * skipped, and counted, when direct memory in use would pass the memory plan's ceiling ({@code direct_short}) or
 * when the JVM refuses it anyway ({@code out_of_memory}: an {@link OutOfMemoryError} from our allocation); the caller
 * then answers from the stored value.
 */
final class OffHeap {

    private final String coding;
    private final DirectRoom room;
    private final Function<byte[], Buffer> allocate;
    private final LongAdder directShort = new LongAdder();
    private final LongAdder outOfMemory = new LongAdder();

    OffHeap(String coding, DirectRoom room) {
        this(coding, room, BodyCopies::direct);
    }

    /** As above, copies made by {@code allocate} (tests make it throw what the JVM would). */
    OffHeap(String coding, DirectRoom room, Function<byte[], Buffer> allocate) {
        this.coding = coding;
        this.room = room;
        this.allocate = allocate;
    }

    /** Copies that never fail, for tests and benchmarks not about memory. */
    static OffHeap unbounded(String coding) {
        return new OffHeap(coding, DirectRoom.unbounded());
    }

    /** Whether a copy of {@code bytes} fits now; counted as {@code direct_short} if not. */
    boolean fits(long bytes) {
        if (room.fits(bytes)) {
            return true;
        }
        directShort.increment();
        return false;
    }

    /** {@code body} off the heap ({@link BodyCopies#direct}), or null if it does not fit or the JVM refuses it. */
    Buffer copy(byte[] body) {
        if (!fits(body.length)) {
            return null;
        }
        try {
            return allocate.apply(body);
        } catch (OutOfMemoryError refused) {
            outOfMemory.increment();
            return null;
        }
    }

    /** The copies skipped, by reason, for /metrics ({@code http.copies.<coding>.skipped.<reason>}). */
    Map<String, Long> counters() {
        return Map.of("http.copies." + coding + ".skipped.direct_short", directShort.sum(),
                "http.copies." + coding + ".skipped.out_of_memory", outOfMemory.sum());
    }
}
