package tme.api;

import io.netty.buffer.AbstractByteBuf;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.lang.reflect.Field;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Netty's leak detector at {@code PARANOID} (every buffer tracked), with its reports collected rather than only
 * logged. A report needs the leaked buffer collected and a later allocation to notice it, so {@link #drain}
 * leaks one buffer on purpose and collects garbage until that one is reported: every leak that happened before it
 * has been reported by then too, and a test that finds no other report has shown there was none.
 */
final class LeakWatch implements AutoCloseable {

    private static final String CONTROL = "tme-leak-control";
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private final ResourceLeakDetector.Level previous = ResourceLeakDetector.getLevel();
    private final List<String> reports = new CopyOnWriteArrayList<>();

    LeakWatch() {
        // Vert.x turns leak detection off when its Vertx class initialises (unless -Dio.netty.leakDetection.level
        // is set): have that happen first, so the level set here holds.
        try {
            Class.forName("io.vertx.core.impl.VertxImpl", true, LeakWatch.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Vert.x moved its Vertx class", e);
        }
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        detector().setLeakListener((type, records) -> reports.add(type + ": " + records));
    }

    /** The leak reports other than the control's, once the control leak has been reported. */
    List<String> drain() {
        // Netty reports records it has not reported before: each control leak carries a hint of its own.
        String hint = CONTROL + "-" + System.nanoTime();
        leakOne(hint);
        Instant deadline = Instant.now().plus(DEADLINE);
        while (reports.stream().noneMatch(report -> report.contains(hint))) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the leak detector never reported the control leak within " + DEADLINE + "; reports: " + reports);
            }
            System.gc();
            // Reports are made when a buffer is tracked: allocate one to let the detector look at its queue.
            UnpooledByteBufAllocator.DEFAULT.directBuffer(16).release();
        }
        return reports.stream().filter(report -> !isControl(report)).toList();
    }

    private static boolean isControl(String report) {
        return report.contains(CONTROL);
    }

    /** A tracked buffer dropped without a release. */
    private static void leakOne(String hint) {
        ByteBuf leaked = UnpooledByteBufAllocator.DEFAULT.directBuffer(16);
        leaked.touch(hint);
    }

    /** The detector every Netty buffer allocator reports to (a static of Netty's buffer base class). */
    @SuppressWarnings("unchecked")
    private static ResourceLeakDetector<ByteBuf> detector() {
        try {
            Field field = AbstractByteBuf.class.getDeclaredField("leakDetector");
            field.setAccessible(true);
            return (ResourceLeakDetector<ByteBuf>) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Netty's leak detector moved", e);
        }
    }

    @Override
    public void close() {
        detector().setLeakListener(null);
        ResourceLeakDetector.setLevel(previous);
    }
}
