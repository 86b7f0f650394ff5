package tme.api.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Every memory pool that grows with the number of channels, sized once at start from the JVM's limits
 * ({@link JvmLimits}), with the headroom the rest of the server needs stated here:
 * <ul>
 *   <li>on the heap, {@link #HEAP_POOLS_PERCENT}% for the pools: L1 ({@code MEMORY_CACHE_MAX_MB}, 40% of the heap)
 *       and the decoded copies GraphQL and the feed builds read ({@code MEMORY_CACHE_DECODED_MB}, 15%); the other
 *       45% is the working set: requests in flight, pages being parsed and rendered, the access log's queue, each
 *       stored value's headers, and room for the collector to move;</li>
 *   <li>off the heap, the direct memory the copies may use is the JVM's limit, but no more than what the box has
 *       left after the heap and {@link #NON_HEAP_MIB} MiB for metaspace, code, threads and the collector (so a JVM
 *       given a large heap share, {@code -XX:MaxRAMPercentage=50}, still fits its box); half of it for the hit
 *       path's copies ({@code MEMORY_CACHE_RAW_MB} per coding: identity, zstd, gzip, a sixth each), half for
 *       Netty's socket buffers and for copies already dropped whose memory the collector has not freed yet. No copy
 *       is made while the direct memory in use would pass {@link #copiesCeiling()}: the answer is written from the
 *       stored value instead.</li>
 * </ul>
 * A setting given explicitly wins; the pools not given share what is left, up to their own share. A set of
 * explicit settings that cannot fit is refused, naming the settings and the limit.
 *
 * @param limits    what the JVM has
 * @param l1        bytes of heap for L1
 * @param decoded   bytes of heap for the decoded copies (GraphQL, feed builds)
 * @param copies    bytes of direct memory per coding of the hit path's copies
 * @param direct    bytes of direct memory this plan counts on: the JVM's limit or what the box leaves, the lower
 * @param requested the settings given explicitly
 */
public record MemoryPlan(JvmLimits limits, long l1, long decoded, long copies, long direct, Requested requested) {

    /** The pools' settings as given ({@code MEMORY_CACHE_MAX_MB}, {@code MEMORY_CACHE_RAW_MB}, ...): empty if unset. */
    public record Requested(OptionalInt l1Mb, OptionalInt copiesMb, OptionalInt decodedMb) {

        public static Requested none() {
            return new Requested(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty());
        }
    }

    static final long MIB = 1024 * 1024;
    /** Of the max heap, what the pools may hold together; the rest is the working set's. */
    static final int HEAP_POOLS_PERCENT = 55;
    static final int L1_PERCENT = 40;
    static final int DECODED_PERCENT = 15;
    /** Of the direct memory counted on, what the copies of the three codings may hold together. */
    static final int COPIES_PERCENT = 50;
    /** Codings with copies: identity, zstd, gzip. */
    static final int CODINGS = 3;
    /**
     * The process beyond heap and the JDK's direct buffers: metaspace, code cache, thread stacks, the collector's
     * structures, Netty's own pooled buffers. Measured by {@code bench/load/memory.sh} at 512m: RSS less heap less
     * direct buffers, 175-185 MiB at the end of 5,000 channels.
     */
    static final long NON_HEAP_MIB = 192;

    /** The plan for {@code limits} with {@code requested} winning; an impossible set throws, naming it. */
    public static MemoryPlan of(JvmLimits limits, Requested requested) {
        long heapPools = limits.maxHeap() * HEAP_POOLS_PERCENT / 100;
        long direct = Math.max(0, Math.min(limits.maxDirect(), limits.box() - limits.maxHeap() - NON_HEAP_MIB * MIB));
        long copiesPool = direct * COPIES_PERCENT / 100;
        List<String> problems = new ArrayList<>();
        long l1Asked = mib(requested.l1Mb());
        long decodedAsked = mib(requested.decodedMb());
        if (l1Asked + decodedAsked > heapPools) {
            problems.add(names(requested) + (requested.l1Mb().isPresent() && requested.decodedMb().isPresent()
                    ? " need " : " needs ") + (l1Asked + decodedAsked) / MIB + " MiB of heap, more than the "
                    + heapPools / MIB + " MiB its pools may take: " + HEAP_POOLS_PERCENT + "% of this JVM's max heap of "
                    + limits.maxHeap() / MIB + " MiB (-Xmx, or -XX:MaxRAMPercentage of the container's memory)");
        }
        long copiesAsked = mib(requested.copiesMb()) * CODINGS;
        if (copiesAsked > copiesPool) {
            problems.add("MEMORY_CACHE_RAW_MB=" + requested.copiesMb().getAsInt() + " needs " + copiesAsked / MIB
                    + " MiB of direct memory for its " + CODINGS + " codings, more than the " + copiesPool / MIB
                    + " MiB the copies may take: " + COPIES_PERCENT + "% of the " + direct / MIB + " MiB of direct memory"
                    + " this JVM may use (-XX:MaxDirectMemorySize, else its max heap, and at most its box of "
                    + limits.box() / MIB + " MiB less the heap and " + NON_HEAP_MIB + " MiB)");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems)
                    + ". Lower them, unset them to size them from the JVM's limits, or give the JVM more memory");
        }
        long l1 = requested.l1Mb().isPresent() ? l1Asked
                : Math.min(limits.maxHeap() * L1_PERCENT / 100, heapPools - decodedAsked);
        long decoded = requested.decodedMb().isPresent() ? decodedAsked
                : Math.max(0, Math.min(limits.maxHeap() * DECODED_PERCENT / 100, heapPools - l1));
        if (l1 < MIB) {
            throw new IllegalArgumentException("MEMORY_CACHE_DECODED_MB=" + requested.decodedMb().getAsInt()
                    + " leaves L1 less than 1 MiB of the " + heapPools / MIB + " MiB of heap the pools may take ("
                    + HEAP_POOLS_PERCENT + "% of " + limits.maxHeap() / MIB + " MiB)");
        }
        long copies = requested.copiesMb().isPresent() ? copiesAsked / CODINGS : wholeMib(copiesPool / CODINGS);
        return new MemoryPlan(limits, wholeMib(l1), wholeMib(decoded), copies, direct, requested);
    }

    /**
     * Why this JVM may not fit its box whatever the plan does: its max heap and what it needs besides pass the box
     * (the JVM's own sizing in a small box, or a large {@code -XX:MaxRAMPercentage}); empty when it fits.
     */
    public java.util.Optional<String> warning() {
        long needs = limits.maxHeap() + NON_HEAP_MIB * MIB;
        if (needs <= limits.box()) {
            return java.util.Optional.empty();
        }
        long heapThatFits = Math.max(0, limits.box() - NON_HEAP_MIB * MIB);
        return java.util.Optional.of("memory plan: the JVM's max heap of " + limits.maxHeap() / MIB + " MiB and the "
                + NON_HEAP_MIB + " MiB it needs besides pass its box of " + limits.box() / MIB + " MiB: the process may"
                + " outgrow it; start the JVM with -Xmx" + heapThatFits / MIB + "m at most");
    }

    /** Bytes of direct memory in use past which no copy is made: all this plan counts on, at most 3/4 of the JVM's. */
    public long copiesCeiling() {
        return Math.min(direct, limits.maxDirect() / 4 * 3);
    }

    /** The plan in one line, for the log at start. */
    public String line() {
        return String.format("memory plan: heap %d MiB, direct %d MiB, box %d MiB; L1 %d MiB%s, decoded copies"
                        + " %d MiB%s, copies %d MiB%s each for identity, zstd and gzip (made while direct memory in use"
                        + " is under %d MiB); headroom %d MiB of heap, %d MiB of direct memory",
                limits.maxHeap() / MIB, limits.maxDirect() / MIB, limits.box() / MIB, l1 / MIB,
                given(requested.l1Mb()), decoded / MIB, given(requested.decodedMb()), copies / MIB,
                given(requested.copiesMb()), copiesCeiling() / MIB, (limits.maxHeap() - l1 - decoded) / MIB,
                (direct - copies * CODINGS) / MIB);
    }

    /** The budgets and limits for /metrics ({@code memory.budget.<pool>_bytes}, {@code memory.limit.<limit>_bytes}). */
    public Map<String, Long> counters() {
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("memory.budget.l1_bytes", l1);
        counters.put("memory.budget.decoded_bytes", decoded);
        counters.put("memory.budget.identity_bytes", copies);
        counters.put("memory.budget.zstd_bytes", copies);
        counters.put("memory.budget.gzip_bytes", copies);
        counters.put("memory.limit.heap_bytes", limits.maxHeap());
        counters.put("memory.limit.direct_bytes", limits.maxDirect());
        counters.put("memory.limit.box_bytes", limits.box());
        counters.put("memory.limit.copies_ceiling_bytes", copiesCeiling());
        return counters;
    }

    private static String names(Requested requested) {
        List<String> names = new ArrayList<>();
        requested.l1Mb().ifPresent(mb -> names.add("MEMORY_CACHE_MAX_MB=" + mb));
        requested.decodedMb().ifPresent(mb -> names.add("MEMORY_CACHE_DECODED_MB=" + mb));
        return String.join(" and ", names);
    }

    private static String given(OptionalInt setting) {
        return setting.isPresent() ? " (set)" : "";
    }

    private static long mib(OptionalInt setting) {
        return setting.orElse(0) * MIB;
    }

    private static long wholeMib(long bytes) {
        return bytes / MIB * MIB;
    }
}
