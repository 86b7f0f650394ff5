package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.bench.compare.Table.Row;

class RowsTest {

    private static String wrk(String id, double rps, double p50, double p99, double p999, int non2xx) {
        return id + " RESULT requests=1000 seconds=10.00 rps=" + rps + " p50_ms=" + p50 + " p90_ms=1.00 p99_ms=" + p99
                + " p999_ms=" + p999 + " max_ms=20.00 errors_connect=0 errors_read=0 errors_write=0 errors_status="
                + non2xx + " errors_timeout=0 bytes=1";
    }

    @Test
    void closedLoop_aRowPerCodingWithTheRatioOfRequestsAndOfP99() {
        Results r = Results.parse(List.of(
                "hot CONFIG path=/v1/body/durov identity_bytes=67161 gzip_bytes=16802 zstd_bytes=17380",
                wrk("hot.identity.nginx", 59896.0, 1.0, 2.33, 3.1, 0),
                wrk("hot.identity.tme", 33268.0, 1.13, 3.94, 6.1, 0),
                wrk("hot.gzip.nginx", 61719.0, 0.95, 2.29, 3.0, 12),
                wrk("hot.gzip.tme", 43873.0, 1.27, 5.09, 7.0, 0)));
        List<Row> rows = Rows.closedLoop(r, "hot");
        assertEquals(2, rows.size(), "zstd was not measured: no row");
        assertEquals(new Row("1", "hot key, identity (67,161 B)", "33,268 (1.13 / 3.94 / 6.10)",
                "59,896 (1.00 / 2.33 / 3.10)", "**0.56**; p99 1.69"), rows.get(0));
        assertEquals("61,719 (0.95 / 2.29 / 3.00), **12 errors** (errors_status 12)", rows.get(1).nginx());
    }

    @Test
    void closedLoop_zipfAndRounds() {
        Results r = Results.parse(List.of("zipf CONFIG keys=200 exponent=1.0",
                wrk("zipf.identity.nginx", 50000.0, 1, 2, 3, 0), wrk("zipf.identity.tme", 25000.0, 2, 4, 6, 0),
                wrk("zipf.identity.nginx", 40000.0, 1, 2, 3, 0), wrk("zipf.identity.tme", 30000.0, 2, 3, 6, 0)));
        List<Row> rows = Rows.closedLoop(r, "zipf");
        assertEquals("Zipf(1.0) over 200 channels, identity, round 2", rows.get(1).measurement());
        assertEquals("**0.75**; p99 1.50", rows.get(1).ratio());
        assertTrue(Rows.closedLoop(Results.parse(List.of()), "zipf").isEmpty(), "no part 1, no rows");
    }

    @Test
    void openLoop_latenciesLagAndErrorsAtTheSameRate() {
        String line = " OPENLOOP rate=16634.0 seconds=10.00 requests=166340 rps=16634.0 p50_ms=0.52 p90_ms=0.90"
                + " p99_ms=1.90 p999_ms=3.30 max_ms=10.20 lag_p50_ms=0.01 lag_p90_ms=0.02 lag_p99_ms=0.05"
                + " lag_p999_ms=0.10 lag_max_ms=1.00 ok=166340 errors_status=0 errors_io=1 timeouts=2";
        Results r = Results.parse(List.of(
                "openloop CONFIG rate=16634 peak=33268.4 share=50% coding=identity connections=64",
                "openloop.tme" + line, "openloop.nginx" + line.replace("p99_ms=1.90", "p99_ms=0.95")));
        Row row = Rows.openLoop(r).getFirst();
        assertEquals("open loop at 16,634 req/s (50% of tme's peak 33,268), hot key, identity, 64 connections:"
                + " p50 / p99 / p99.9 / max ms", row.measurement());
        assertEquals("0.52 / 1.90 / 3.30 / 10.2; send lag p99 0.05; 166,340 answered, 1 errors, 2 timeouts",
                row.tme());
        assertEquals("p99 2.00", row.ratio());
    }

    @Test
    void burst_theUpstreamCountFirst() {
        Results r = Results.parse(List.of("burst CONFIG requests=1000 servers=3 channel=burst1",
                "burst UPSTREAM requests=1 all=2",
                "burst BURST requests=1000 answered=1000 status_200=1000 errors_connect=0 errors_io=0 timeouts=0"
                        + " p50_ms=410.00 p99_ms=880.50 max_ms=905.00"));
        Row row = Rows.burst(r).getFirst();
        assertEquals("cold burst: 1,000 concurrent requests for one uncached channel over 3 servers + Redis:"
                + " t.me requests", row.measurement());
        assertEquals("**1** (expect 1; all t.me requests meanwhile, refreshes included: 2); 1,000 answered (1000 × 200);"
                + " p50 / p99 / max 410 / 881 / 905 ms", row.tme());
    }

    @Test
    void ttl_upstreamRequestsAndP99PerWindow() {
        Results r = Results.parse(List.of("ttl CONFIG ttl=2s windows=3 rate=3000 servers=3",
                "ttl INTERVAL index=0 requests=6000 p50_ms=0.40 p90_ms=0.60 p99_ms=1.20 p999_ms=2.00 max_ms=5.00",
                "ttl INTERVAL index=1 requests=6000 p50_ms=0.40 p90_ms=0.60 p99_ms=1.10 p999_ms=2.00 max_ms=5.00",
                "ttl INTERVAL index=2 requests=6000 p50_ms=0.40 p90_ms=0.60 p99_ms=1.35 p999_ms=2.00 max_ms=5.00",
                "ttl PROBE index=-1 body={\"upstream_requests\":4,\"distinct_uris\":2,\"stalled\":0}",
                "ttl PROBE index=0 body={\"upstream_requests\":5,\"distinct_uris\":2,\"stalled\":0}",
                "ttl PROBE index=1 body=error",
                "ttl PROBE index=2 body={\"upstream_requests\":7,\"distinct_uris\":2,\"stalled\":0}",
                "ttl OPENLOOP rate=3000.0 requests=18000 p99_ms=1.30 max_ms=6.00 errors_status=0 errors_io=0"
                        + " timeouts=0"));
        Row row = Rows.ttl(r).getFirst();
        assertEquals("1, ?, ?; p99 1.20, 1.10, 1.35; whole run p99 1.30, max 6.00", row.tme());
        assertTrue(row.measurement().startsWith("hot key over 3 TTLs of 2s at 3,000 req/s"), row.measurement());
    }

    @Test
    void upstreamPerWindow_isTheGrowthBetweenProbes() {
        List<Results.Line> probes = Results.parse(List.of(
                "ttl PROBE index=-1 body={\"upstream_requests\":10}",
                "ttl PROBE index=0 body={\"upstream_requests\":11}",
                "ttl PROBE index=1 body={\"upstream_requests\":11}",
                "ttl PROBE index=2 body={\"upstream_requests\":13}")).all("ttl", "PROBE");
        assertEquals(List.of("1", "0", "2"), Rows.upstreamPerWindow(probes));
    }

    @Test
    void stalled_theRatioOfBToAAndTheDrift() {
        Results r = Results.parse(List.of("stalled CONFIG misses=256 retry_after=1 max_waiting=8",
                wrk("stalled.A", 30000.0, 1, 2, 3, 0), wrk("stalled.B", 28500.0, 1, 2, 3, 0),
                wrk("stalled.C", 31000.0, 1, 2, 3, 0),
                "stalled.misses MISSES 503=1492 503_retry_after=1492 504=24"));
        Row row = Rows.stalled(r).getFirst();
        assertEquals("t.me stalled, 256 miss connections honouring Retry-After: hit req/s stalled / normal",
                row.measurement());
        assertEquals("**0.95** (A 30,000 → B 28,500; C 31,000, C/A 1.03); misses in B: 503: 1492,"
                + " 503_retry_after: 1492, 504: 24", row.tme());
    }
}
