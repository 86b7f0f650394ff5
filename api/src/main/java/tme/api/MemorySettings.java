package tme.api;

import java.util.OptionalInt;
import tme.api.memory.JvmLimits;
import tme.api.memory.MemoryPlan;

/**
 * The memory pools' settings ({@code MEMORY_CACHE_MAX_MB}, {@code MEMORY_CACHE_RAW_MB}, {@code MEMORY_CACHE_DECODED_MB}),
 * each optional: those given win, the others are sized by the {@link MemoryPlan} from the JVM's limits. A set that
 * cannot fit is a start-up problem naming the settings and the limit.
 */
final class MemorySettings {

    private MemorySettings() {}

    static MemoryPlan plan(EnvReader in, JvmLimits limits) {
        MemoryPlan.Requested requested = new MemoryPlan.Requested(optional(in, "MEMORY_CACHE_MAX_MB", 1),
                optional(in, "MEMORY_CACHE_RAW_MB", 0), optional(in, "MEMORY_CACHE_DECODED_MB", 0));
        return in.checked(() -> MemoryPlan.of(limits, requested), MemoryPlan.of(limits, MemoryPlan.Requested.none()));
    }

    private static OptionalInt optional(EnvReader in, String name, int min) {
        return in.value(name) == null ? OptionalInt.empty() : OptionalInt.of(in.integer(name, min, min, 1_048_576));
    }
}
