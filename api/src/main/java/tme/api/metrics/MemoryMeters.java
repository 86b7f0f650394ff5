package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The memory plan ({@code tme.api.memory.MemoryPlan}): each pool's budget beside its use, the JVM's limits it was
 * made from, and the copies the hit path skipped rather than fail a request.
 */
final class MemoryMeters {

    private static final String BUDGET = "Bytes the memory plan gives each pool (from the JVM's limits, or its"
            + " MEMORY_CACHE_* setting)";
    private static final String USED = "Bytes each pool of the memory plan holds now, against tme_memory_budget_bytes";
    private static final String LIMIT = "The JVM's memory limits the plan was made from (max heap, max direct memory,"
            + " the box: container or MaxRAM), and the direct memory in use past which no copy is made";
    private static final String SKIPPED = "Copies of answers not made, the answer written from the stored value"
            + " instead: direct memory in use at the plan's ceiling (direct_short), or refused by the JVM"
            + " (out_of_memory)";
    /** Pool -> the gathered counter that says what it holds now. */
    private static final Map<String, String> POOLS = Map.of(
            "l1", "cache.l1.weight_bytes",
            "decoded", "graphql.decoded_bytes",
            "identity", "http.copies.identity_bytes",
            "zstd", "http.copies.zstd_bytes",
            "gzip", "http.copies.gzip_bytes");

    private MemoryMeters() {}

    static List<MeterRow> rows() {
        List<MeterRow> rows = new ArrayList<>();
        POOLS.forEach((pool, used) -> {
            rows.add(gauge("tme.memory.budget", BUDGET, Tags.of("pool", pool), "memory.budget." + pool + "_bytes")
                    .inBytes());
            rows.add(gauge("tme.memory.used", USED, Tags.of("pool", pool), used).inBytes());
        });
        for (String limit : List.of("heap", "direct", "box", "copies_ceiling")) {
            rows.add(gauge("tme.memory.limit", LIMIT, Tags.of("limit", limit), "memory.limit." + limit + "_bytes")
                    .inBytes());
        }
        for (String coding : List.of("identity", "zstd", "gzip")) {
            for (String reason : List.of("direct_short", "out_of_memory")) {
                rows.add(counter("tme.body.copies.skipped", SKIPPED, Tags.of("coding", coding, "reason", reason),
                        "http.copies." + coding + ".skipped." + reason));
            }
        }
        return rows;
    }
}
