package tme.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.vertx.core.Future;
import org.junit.jupiter.api.Test;

/** Each benchmark method called once outside JMH: what it returns is the answer it claims to measure. */
class BenchmarkMethodsTest {

    @Test
    void hitPath_everyVariantServesTheRenderedDurovPage() {
        HitPathBenchmark bench = new HitPathBenchmark();
        bench.page = Page.DUROV;
        bench.setUp();
        try {
            byte[] json = Page.DUROV.json();
            assertArrayEquals(json, bench.lookupAndDecompress());
            assertArrayEquals(json, bench.serviceLookupAndDecompress());
            byte[] frame = bench.lookupZstdPassThrough();
            assertTrue(frame.length < json.length / 3, "zstd frame of " + frame.length + " bytes");
            assertArrayEquals(json, Zstd.decompress(frame, json.length));
            assertTrue(bench.etag().matches("W/\"[0-9a-f]{1,8}-" + Integer.toHexString(json.length) + "\""),
                    bench.etag());
            assertEquals(bench.etag(), bench.etagLookup().toString(), "the tag computed once is the one computed each time");
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void hitPathZipf_readsThousandKeysOfTheLargePage() {
        HitPathZipfBenchmark bench = new HitPathZipfBenchmark();
        bench.page = Page.LARGE;
        bench.keys = 1000;
        bench.setUp();
        HitPathZipfBenchmark.Cursor cursor = new HitPathZipfBenchmark.Cursor();
        byte[] json = Page.LARGE.json();
        for (int i = 0; i < 50; i++) {
            assertArrayEquals(json, bench.lookupAndDecompress(cursor));
            assertEquals(Zstd.getFrameContentSize(bench.lookupZstdPassThrough(cursor)), json.length);
        }
    }

    @Test
    void hitVsRender_hitRenderAndParseGiveTheSameBytes() {
        HitVsRenderBenchmark bench = new HitVsRenderBenchmark();
        bench.page = Page.LARGE;
        bench.setUp();
        byte[] hit = bench.hit();
        assertArrayEquals(hit, bench.render());
        assertArrayEquals(hit, bench.parseAndRender());
        assertEquals(hit.length, bench.renderAndCompress().rawSize());
    }

    @Test
    void singleFlight_joinsTheRunningLoadAndRunsAnIdleKeyAtOnce() {
        SingleFlightBenchmark bench = new SingleFlightBenchmark();
        bench.setUp();
        Future<String> joined = bench.joinRunningLoad();
        assertFalse(joined.isComplete(), "joined the load that never ends");
        assertEquals("answer", bench.runLoadThatCompletesAtOnce().result());
        assertEquals("answer", bench.loaderAlone().result());
    }

    @Test
    void requestMeters_recordEachCallOnce() {
        RequestMetersBenchmark bench = new RequestMetersBenchmark();
        bench.setUp();
        bench.l1Hit();
        bench.endHandler();
        RequestMetersBenchmark.Cursor cursor = new RequestMetersBenchmark.Cursor();
        for (int i = 0; i < 24; i++) {
            bench.mixed(cursor); // each of the 24 series once: one of them an L1 hit of the body route with 200
        }
        assertEquals(3, bench.l1HitsRecorded());
        assertEquals(0, cursor.next, "round the 24 series");
    }
}
