package tme.bench.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server in a JVM of {@code -XX:MaxRAM=512m} (a child process: its RSS is its own) through a workload larger than
 * its copy caches: 900 distinct channels, each read in identity, gzip and zstd by 8 clients, a GraphQL query for every
 * fifth (900 x 67 KB of identity copies against their 21 MiB, 180 decoded pages of some 200 KB against 19 MiB). Fails
 * on any 5xx, any timeout (3 s), RSS over 512 MiB at any sample, {@code /healthz} not answering within 3 s at any
 * sample, or the 10 channels read last not answered from L1. {@code bench/load/memory.sh} runs the done-when line:
 * 5,000 channels, 32 clients, past L1 too.
 */
class MemoryFitTest {

    private static final long MIB = 1024 * 1024;

    @Test
    void jvmOf512MiB_readingMoreChannelsThanItsCachesHold_answersEveryRequestWithinItsMemory()
            throws InterruptedException {
        MemoryLoad load = new MemoryLoad(900, 8, 5, Duration.ofSeconds(3), "512m", List.of(), Map.of(), 10, 50, false);

        MemoryLoad.Report report = load.run();

        assertEquals(List.of(), report.failures(), () -> "outcomes " + report.outcomes() + ", e.g. " + report.examples()
                + "; samples " + report.samples().stream().map(Sample::line).toList());
        assertEquals(Map.of("identity 200", 900L, "gzip 200", 900L, "zstd 200", 900L, "graphql 200", 180L),
                report.outcomes());
        assertEquals(Map.of("200 L1", 10L), report.recentLevels());
        assertTrue(report.maxRss() <= 512 * MIB, "RSS peak " + report.maxRss() / MIB + " MiB");
        assertEquals(51 * MIB, report.metrics().get("tme_memory_budget_bytes{pool=\"l1\"}"));
        assertEquals(21 * MIB, report.metrics().get("tme_memory_budget_bytes{pool=\"identity\"}"));
        assertEquals(128 * MIB, report.metrics().get("tme_memory_limit_bytes{limit=\"heap\"}"));
        assertTrue(report.planLine().contains("L1 51 MiB, decoded copies 19 MiB, copies 21 MiB each"),
                report.planLine());
    }
}
