package tme.api;

import java.util.Optional;
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
        return in.checked(set -> MemoryPlan.of(limits, new MemoryPlan.Requested(mb(set.get(Settings.MEMORY_CACHE_MAX_MB)),
                mb(set.get(Settings.MEMORY_CACHE_RAW_MB)), mb(set.get(Settings.MEMORY_CACHE_DECODED_MB)))));
    }

    private static OptionalInt mb(Optional<Integer> set) {
        return set.map(OptionalInt::of).orElse(OptionalInt.empty());
    }
}
