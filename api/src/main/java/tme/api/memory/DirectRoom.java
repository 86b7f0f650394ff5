package tme.api.memory;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Whether a copy off the heap fits now: the JVM's direct buffers in use (its {@code direct} buffer pool, the count
 * {@code ByteBuffer.allocateDirect} reserves against) plus the copy, under the plan's ceiling. Asked before each copy
 * is made, so the hit path skips a copy rather than meet the JDK's own limit, where {@code allocateDirect} first runs
 * a full collection on the calling thread (an event loop) and then throws.
 */
public final class DirectRoom {

    private static final BufferPoolMXBean DIRECT = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)
            .stream().filter(pool -> pool.getName().equals("direct")).findFirst().orElse(null);

    private final long ceiling;
    private final LongSupplier inUse;

    private DirectRoom(long ceiling, LongSupplier inUse) {
        this.ceiling = ceiling;
        this.inUse = inUse;
    }

    /** Room up to {@code plan}'s ceiling of direct memory in use. */
    public static DirectRoom of(MemoryPlan plan) {
        return new DirectRoom(plan.copiesCeiling(), DirectRoom::directInUse);
    }

    /** Always room (tests and benchmarks that are not about memory). */
    public static DirectRoom unbounded() {
        return new DirectRoom(Long.MAX_VALUE, () -> 0);
    }

    /** Room while {@code inUse} plus a copy stays at most {@code ceiling} bytes (tests). */
    public static DirectRoom of(long ceiling, LongSupplier inUse) {
        return new DirectRoom(ceiling, inUse);
    }

    /** Whether {@code bytes} more of direct memory stay under the ceiling now. */
    public boolean fits(long bytes) {
        return inUse.getAsLong() + bytes <= ceiling;
    }

    /** Bytes of the JVM's direct buffers in use now (0 where the JVM has no such pool). */
    public static long directInUse() {
        return DIRECT == null ? 0 : DIRECT.getMemoryUsed();
    }
}
