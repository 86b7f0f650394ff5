package tme.bench;

import io.vertx.core.Vertx;
import java.time.Duration;

/**
 * Starts the fake t.me of the load run ({@link FakeTmeFront}) and keeps it running until the process is stopped.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar tme.bench.FakeTmeMain <port> [delayMillis]}; prints
 * {@code fake t.me listening on http://127.0.0.1:<port>} once it accepts requests. A delay per request (e.g. 200)
 * makes t.me as slow as it is from far away, so concurrent misses overlap and coalescing matters. While it runs,
 * {@code POST /__stall} and {@code POST /__unstall} stop and restart t.me's answers ({@code run.sh stalled}).
 */
public final class FakeTmeMain {

    private FakeTmeMain() {}

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: FakeTmeMain <port> [delayMillis]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        Duration delay = Duration.ofMillis(args.length == 2 ? Long.parseLong(args[1]) : 0);
        Vertx vertx = Vertx.vertx();
        FakeTmeFront front = FakeTmeFront.start(vertx, port, delay);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("fake t.me served " + front.upstreamRequests() + " upstream requests");
            front.close();
            vertx.close();
        }));
        System.out.println("fake t.me listening on http://127.0.0.1:" + front.port() + " (delay " + delay.toMillis()
                + "ms per request)");
    }
}
