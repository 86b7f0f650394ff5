package tme.api.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class MemoryPlanTest {

    private static final long MIB = 1024 * 1024;
    /** What -XX:MaxRAM=512m gives: a quarter of it as heap, as much direct memory. */
    private static final JvmLimits JVM_512 = new JvmLimits(128 * MIB, 128 * MIB, 512 * MIB);

    @Test
    void defaults_sizeEveryPoolFromTheHeapAndDirectMemory() {
        MemoryPlan plan = MemoryPlan.of(JVM_512, MemoryPlan.Requested.none());

        assertEquals(51 * MIB, plan.l1(), "40% of the heap, in whole MiB");
        assertEquals(19 * MIB, plan.decoded(), "15% of the heap");
        assertEquals(21 * MIB, plan.copies(), "a sixth of the direct memory per coding");
        assertEquals(128 * MIB, plan.direct());
        assertEquals(96 * MIB, plan.copiesCeiling(), "three quarters of the JVM's direct memory");
        assertEquals("memory plan: heap 128 MiB, direct 128 MiB, box 512 MiB; L1 51 MiB, decoded copies 19 MiB,"
                + " copies 21 MiB each for identity, zstd and gzip (made while direct memory in use is under 96 MiB);"
                + " headroom 58 MiB of heap, 65 MiB of direct memory", plan.line());
    }

    @Test
    void aLargeHeapShare_leavesTheCopiesWhatTheBoxHasLeft() {
        // -XX:MaxRAMPercentage=50 in 512 MiB: 256 MiB of heap, and direct memory would default to as much.
        MemoryPlan plan = MemoryPlan.of(new JvmLimits(256 * MIB, 256 * MIB, 512 * MIB), MemoryPlan.Requested.none());

        assertEquals(64 * MIB, plan.direct(), "512 - 256 of heap - 192 for the rest of the process");
        assertEquals(10 * MIB, plan.copies());
        assertEquals(64 * MIB, plan.copiesCeiling());
        assertEquals(102 * MIB, plan.l1());
        assertEquals(java.util.Optional.empty(), plan.warning());
    }

    @Test
    void aHeapThatLeavesTheRestNoRoom_isWarnedOfWithAHeapThatFits() {
        // -XX:MaxRAM=256m: the JVM takes half of a small box as heap (MinRAMPercentage), 126 MiB.
        MemoryPlan plan = MemoryPlan.of(new JvmLimits(126 * MIB, 126 * MIB, 256 * MIB), MemoryPlan.Requested.none());

        assertEquals(0, plan.copies(), "no direct memory left for copies: every answer from its stored value");
        assertEquals("memory plan: the JVM's max heap of 126 MiB and the 192 MiB it needs besides pass its box of 256"
                + " MiB: the process may outgrow it; start the JVM with -Xmx64m at most", plan.warning().orElseThrow());
    }

    @Test
    void explicitSettings_winAndThePoolsNotGivenShareWhatIsLeft() {
        MemoryPlan plan = MemoryPlan.of(JVM_512, requested(60, null, null));

        assertEquals(60 * MIB, plan.l1());
        assertEquals(10 * MIB, plan.decoded(), "55% of 128 MiB is 70.4 MiB, 60 of it taken");
        assertEquals(21 * MIB, plan.copies());
        assertEquals(List.of(0L, 0L), List.of(MemoryPlan.of(JVM_512, requested(70, 0, 0)).decoded(),
                MemoryPlan.of(JVM_512, requested(70, 0, 0)).copies()));
    }

    @Test
    void heapSettingsThatCannotFit_areRefusedNamingThemAndTheLimit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MemoryPlan.of(JVM_512, requested(100, null, 30)));

        assertEquals("MEMORY_CACHE_MAX_MB=100 and MEMORY_CACHE_DECODED_MB=30 need 130 MiB of heap, more than the 70 MiB"
                + " its pools may take: 55% of this JVM's max heap of 128 MiB (-Xmx, or -XX:MaxRAMPercentage of the"
                + " container's memory). Lower them, unset them to size them from the JVM's limits, or give the JVM"
                + " more memory", e.getMessage());
    }

    @Test
    void copiesThatCannotFit_areRefusedNamingTheSettingAndTheDirectMemory() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MemoryPlan.of(JVM_512, requested(null, 64, null)));

        assertEquals("MEMORY_CACHE_RAW_MB=64 needs 192 MiB of direct memory for its 3 codings, more than the 64 MiB the"
                + " copies may take: 50% of the 128 MiB of direct memory this JVM may use (-XX:MaxDirectMemorySize, else"
                + " its max heap, and at most its box of 512 MiB less the heap and 192 MiB). Lower them, unset them to"
                + " size them from the JVM's limits, or give the JVM more memory", e.getMessage());
    }

    @Test
    void decodedCopiesTakingEveryPoolByte_leaveNoL1AndAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MemoryPlan.of(JVM_512, requested(null, null, 70)));

        assertEquals("MEMORY_CACHE_DECODED_MB=70 leaves L1 less than 1 MiB of the 70 MiB of heap the pools may take"
                + " (55% of 128 MiB)", e.getMessage());
    }

    @Test
    void counters_giveEachBudgetAndLimitForMetrics() {
        MemoryPlan plan = MemoryPlan.of(JVM_512, MemoryPlan.Requested.none());

        assertEquals(51 * MIB, plan.counters().get("memory.budget.l1_bytes"));
        assertEquals(21 * MIB, plan.counters().get("memory.budget.gzip_bytes"));
        assertEquals(96 * MIB, plan.counters().get("memory.limit.copies_ceiling_bytes"));
        assertEquals(512 * MIB, plan.counters().get("memory.limit.box_bytes"));
    }

    @Test
    void maxDirectMemorySize_isReadFromTheJvmArgumentsWhereTheFlagIsNotReadable() {
        assertEquals(64 * MIB, JvmLimits.fromArguments(List.of("-Xmx1g", "-XX:MaxDirectMemorySize=64m")));
        assertEquals(0, JvmLimits.fromArguments(List.of("-Xmx1g")));
        assertEquals(2L << 30, JvmLimits.bytes("2G"));
    }

    @Test
    void current_readsThisJvm() {
        JvmLimits limits = JvmLimits.current();

        assertEquals(Runtime.getRuntime().maxMemory(), limits.maxHeap());
        // The surefire JVM sets no MaxDirectMemorySize: the JDK's default is the max heap.
        assertEquals(limits.maxHeap(), limits.maxDirect());
    }

    private static MemoryPlan.Requested requested(Integer l1, Integer copies, Integer decoded) {
        return new MemoryPlan.Requested(optional(l1), optional(copies), optional(decoded));
    }

    private static OptionalInt optional(Integer mb) {
        return mb == null ? OptionalInt.empty() : OptionalInt.of(mb);
    }
}
