package tme.bench.mixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ServerClockTest {

    private static final String SCRAPE = """
            # HELP tme_http_requests_seconds Requests by route template, status and answering level
            tme_http_requests_seconds_bucket{level="l1",route="/v1/body/:channel",status="200",le="0.001"} %d
            tme_http_requests_seconds_bucket{level="l1",route="/v1/body/:channel",status="200",le="0.002"} %d
            tme_http_requests_seconds_bucket{level="l1",route="/v1/body/:channel",status="200",le="0.005"} %d
            tme_http_requests_seconds_bucket{level="l1",route="/v1/body/:channel",status="200",le="0.01"} %d
            tme_http_requests_seconds_bucket{level="l1",route="/v1/body/:channel",status="200",le="+Inf"} %d
            tme_http_requests_seconds_bucket{level="stale",route="/feeds/:file",status="200",le="0.001"} 7
            tme_http_requests_seconds_bucket{level="stale",route="/feeds/:file",status="200",le="+Inf"} 9
            tme_http_requests_seconds_bucket{level="upstream",route="/v1/body/:channel",status="200",le="0.001"} 50
            tme_http_requests_seconds_bucket{level="upstream",route="/v1/body/:channel",status="200",le="+Inf"} 80
            tme_http_requests_seconds_count{level="l1",route="/v1/body/:channel",status="200"} 999
            """;

    @Test
    void counts_sumTheCacheLevelsBuckets_andLeaveLoadsOut() {
        long[] counts = ServerClock.counts(SCRAPE.formatted(100, 110, 115, 118, 120));
        assertArrayEquals(new long[] {107, 110, 115, 129}, counts); // l1 + stale; upstream and _count not counted
    }

    @Test
    void lines_sayWhatTheServersCountedBetweenTheMeasuredStartAndEnd() throws IOException {
        AtomicInteger scrapes = new AtomicInteger();
        List<String> lines = linesOfAClockOver(exchange -> {
            byte[] body = (scrapes.getAndIncrement() == 0 ? SCRAPE.formatted(100, 110, 115, 118, 120)
                    : SCRAPE.formatted(1100, 1150, 1160, 1170, 1180)).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        assertEquals(List.of("SERVER hits=1060 within_1ms=1000 within_2ms=1040 within_5ms=1045 over_1ms_each=60"),
                lines);
    }

    @Test
    void lines_areNoneWhenAScrapeFailed() throws IOException {
        List<String> lines = linesOfAClockOver(exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        assertEquals(List.of(), lines);
    }

    @Test
    void lines_sumAFleetsServers_andSayEachOnesHitsOverAMillisecond() throws IOException {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        List<String> lines = linesOfAClockOver(
                scrapes(first, SCRAPE.formatted(100, 110, 115, 118, 120), SCRAPE.formatted(1100, 1150, 1160, 1170, 1180)),
                scrapes(second, SCRAPE.formatted(0, 0, 0, 0, 0), SCRAPE.formatted(300, 450, 480, 490, 500)));
        // The first: 1060 hits, 1000 within 1 ms (as above); the second: 500 hits, 300 within 1 ms.
        assertEquals(List.of("SERVER hits=1560 within_1ms=1300 within_2ms=1490 within_5ms=1525"
                + " over_1ms_each=60/200"), lines);
    }

    /** Answers {@code /metrics} with {@code start} the first time, {@code end} after. */
    private static HttpHandler scrapes(AtomicInteger count, String start, String end) {
        return exchange -> {
            byte[] body = (count.getAndIncrement() == 0 ? start : end).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        };
    }

    /** A clock's lines after it scraped servers answering {@code /metrics} with {@code metrics}, at start and end. */
    private static List<String> linesOfAClockOver(HttpHandler... metrics) throws IOException {
        List<HttpServer> servers = new java.util.ArrayList<>();
        try {
            for (HttpHandler handler : metrics) {
                HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                servers.add(server);
                server.createContext("/metrics", handler);
                server.start();
            }
            ServerClock clock = new ServerClock(servers.stream().map(HttpServer::getAddress).toList());
            clock.at(-1);
            clock.at(0);
            return clock.lines();
        } finally {
            servers.forEach(server -> server.stop(0));
        }
    }
}
