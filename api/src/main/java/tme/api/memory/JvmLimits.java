package tme.api.memory;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.OperatingSystemMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The memory this JVM may use, as it was started: the most heap it will grow to, the most direct memory
 * {@code ByteBuffer.allocateDirect} may reserve, and the box the whole process lives in (the container's limit,
 * or {@code -XX:MaxRAM}), which the JVM sized the other two from.
 *
 * <p>Read through supported APIs, no {@code --add-exports}: the heap from {@link Runtime#maxMemory()}; direct memory
 * from the {@code MaxDirectMemorySize} flag ({@link HotSpotDiagnosticMXBean}), which is 0 unless set, and then means
 * what the JDK makes of it: the max heap ({@code jdk.internal.misc.VM.maxDirectMemory}); where the bean is missing
 * (not HotSpot), the flag is parsed from the JVM's arguments. The box is {@code MaxRAM} when it was set (on the
 * command line or in {@code JAVA_TOOL_OPTIONS}), else the machine's memory as the JVM sees it (a container's limit
 * in a container).
 *
 * @param maxHeap   bytes, {@link Runtime#maxMemory()}
 * @param maxDirect bytes of direct buffers the JVM allows at once
 * @param box       bytes of memory the process has, all of it: heap, direct, metaspace, code, threads
 */
public record JvmLimits(long maxHeap, long maxDirect, long box) {

    /** This JVM's limits. */
    public static JvmLimits current() {
        long heap = Runtime.getRuntime().maxMemory();
        return new JvmLimits(heap, maxDirect(heap), machineOrMaxRam());
    }

    private static long maxDirect(long heap) {
        long set = hotSpotFlag("MaxDirectMemorySize")
                .map(option -> Long.parseLong(option.getValue()))
                .orElseGet(() -> fromArguments(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        return set > 0 ? set : heap;
    }

    /** {@code -XX:MaxDirectMemorySize=} among {@code arguments} in bytes (k, m, g suffixes), 0 if absent. */
    static long fromArguments(List<String> arguments) {
        long size = 0;
        for (String argument : arguments) {
            if (argument.startsWith("-XX:MaxDirectMemorySize=")) {
                size = bytes(argument.substring(argument.indexOf('=') + 1));
            }
        }
        return size;
    }

    /** A JVM flag's size ({@code 512m}, {@code 4G}, {@code 65536}) in bytes. */
    public static long bytes(String size) {
        String s = size.trim().toLowerCase(java.util.Locale.ROOT);
        long unit = switch (s.charAt(s.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1;
        };
        return Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1)) * unit;
    }

    private static long machineOrMaxRam() {
        long machine = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class).getTotalMemorySize();
        return hotSpotFlag("MaxRAM")
                .filter(option -> option.getOrigin() != VMOption.Origin.DEFAULT)
                .map(option -> Math.min(machine, Long.parseLong(option.getValue())))
                .orElse(machine);
    }

    private static java.util.Optional<VMOption> hotSpotFlag(String name) {
        try {
            return java.util.Optional.of(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption(name));
        } catch (RuntimeException notHotSpot) { // no such bean (IllegalArgumentException) or flag
            return java.util.Optional.empty();
        }
    }
}
