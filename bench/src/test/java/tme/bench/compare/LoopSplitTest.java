package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.bench.compare.Table.Row;

class LoopSplitTest {

    private final Results.Line config = Results.parse(
            List.of("loops CONFIG loops=2 threads=2 clk_tck=100 seconds=10.00")).last("loops", "CONFIG").orElseThrow();

    @Test
    void cpu_coresAndShareOfEachEventLoopThread() {
        List<ThreadCpu.Use> uses = List.of(new ThreadCpu.Use(1, "vert.x-eventloop-thread-0", 450),
                new ThreadCpu.Use(2, "vert.x-eventloop-thread-1", 410),
                new ThreadCpu.Use(3, "vert.x-eventloop-thread-2", 0));
        assertEquals("vert.x-eventloop-thread-0 0.45 cores (52%), vert.x-eventloop-thread-1 0.41 cores (48%),"
                + " vert.x-eventloop-thread-2 0.00 cores (0%)", LoopSplit.cpu(uses, config));
        assertEquals("CPU split not measured", LoopSplit.cpu(List.of(), config));
    }

    @Test
    void requests_shareOfEachLoop() {
        Optional<Results.Line> loops = Results.parse(List.of(
                "loops LOOPS loop_0=510 loop_1=490")).last("loops", "LOOPS");
        assertEquals("requests per loop 51% / 49%", LoopSplit.requests(loops));
        assertEquals("requests per loop not measured", LoopSplit.requests(Optional.empty()));
    }

    @Test
    void rows_tmeAgainstAsManyNginxWorkers() {
        Results r = Results.parse(List.of("loops CONFIG loops=2 threads=2 clk_tck=100 seconds=10.00",
                "loops.tme RESULT rps=40000 p50_ms=1.00 p99_ms=4.00 p999_ms=8.00",
                "loops.nginx RESULT rps=80000 p50_ms=0.50 p99_ms=2.00 p999_ms=4.00",
                "loops LOOPS loop_0=1 loop_1=1"));
        Row row = LoopSplit.rows(r, List.of(new ThreadCpu.Use(1, "vert.x-eventloop-thread-0", 100))).getFirst();
        assertEquals("6", row.part());
        assertEquals("40,000 (1.00 / 4.00 / 8.00); vert.x-eventloop-thread-0 0.10 cores (100%); requests per loop"
                + " 50% / 50%", row.tme());
        assertEquals("**0.50**; p99 2.00", row.ratio());
    }
}
