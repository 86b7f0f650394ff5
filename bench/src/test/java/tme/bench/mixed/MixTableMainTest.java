package tme.bench.mixed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MixTableMainTest {

    @TempDir
    Path dir;

    @Test
    void table_putsTheColumnsSideBySide_andDashesWhatAColumnDidNotHave() throws IOException {
        Path one = write("one.txt", "CPU name=front seconds=1.20 answers=1000 ms_per_answer=1.2000 jit_share=0.031",
                "CLASS name=body requests=1000 non2xx=2 errors_io=0 timeouts=1 hits=900 misses=100 unclassified=0"
                        + " p50_ms=0.30 p99_ms=310.00 p999_ms=400.00 max_ms=500.00 hit_p50_ms=0.25 hit_p99_ms=4.00"
                        + " hit_p999_ms=9.00 hit_max_ms=10.00 miss_p50_ms=305.00 miss_p99_ms=320.00"
                        + " miss_p999_ms=330.00 miss_max_ms=340.00",
                "CACHE value=l1 requests=850 p50_ms=0.20 p99_ms=3.00 p999_ms=8.00 max_ms=9.00",
                "CACHE value=l2 requests=50 p50_ms=1.50 p99_ms=6.00 p999_ms=9.00 max_ms=9.50",
                "MIXED rate=100.0 seconds=10.00 requests=1000 rps=100.0 lag_p99_ms=1.50",
                "SERVER hits=900 within_1ms=880 within_2ms=897 within_5ms=900 over_1ms_each=5/15",
                "TME upstream_requests=150 distinct_uris=100 stalled=0");
        Path nginx = write("nginx.txt", "CPU name=front seconds=0.10 answers=1000 ms_per_answer=0.1000 jit_share=0.000",
                "CPU name=origin seconds=2.00 answers=1000 ms_per_answer=2.0000 jit_share=0.012",
                "CACHE value=hit requests=900 p50_ms=0.18 p99_ms=2.50 p999_ms=7.00 max_ms=8.00",
                "MIXED rate=100.0 seconds=10.00 requests=1000 rps=100.0 lag_p99_ms=2.00");
        String table = MixTableMain.table(List.of(MixTableMain.read("one", one), MixTableMain.read("nginx", nginx)));
        List<String> rows = table.lines().toList();
        assertEquals("| measurement | one | nginx |", rows.get(0));
        assertEquals("| hit ratio (answers with X-Cache) | – | – |", rows.get(4)); // no "all" line in either
        assertEquals("| t.me requests / distinct pages (whole run) | 150 / 100 = 1.50 | – |", rows.get(5));
        assertEquals("| server CPU ms per answer | 1.200 | 0.100 + origin 2.000 |", rows.get(6));
        assertEquals("| ... of it, JIT compiler threads (steady state: near 0) | 3% | 0% + origin 1% |", rows.get(7));
        assertEquals("| hits by the servers' own clock: within 1 / 2 / 5 ms, of all | 880 / 897 / 900 of 900"
                + " (over 1 ms, server by server: 5 / 15) | – |", rows.get(9));
        assertEquals("| body: hits, p50 / p99 / p99.9 ms | 0.25 / 4.00 / 9.00 (900) | – |", rows.get(rows.size() - 5));
        assertEquals("| body: misses, p50 / p99 / p99.9 ms | 305 / 320 / 330 (100) | – |", rows.get(rows.size() - 4));
        assertEquals("| X-Cache hit: p50 / p99 / p99.9 ms | – | 0.18 / 2.50 / 7.00 (900) |", rows.get(rows.size() - 3));
        assertEquals("| X-Cache l1: p50 / p99 / p99.9 ms | 0.20 / 3.00 / 8.00 (850) | – |", rows.get(rows.size() - 2));
        assertEquals("| X-Cache l2: p50 / p99 / p99.9 ms | 1.50 / 6.00 / 9.00 (50) | – |", rows.getLast());
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), List.of(lines));
    }
}
