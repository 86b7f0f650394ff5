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
 * With a channel and a period ({@code FakeTmeMain 0 0 durov 5}), it publishes a new post to that channel every that
 * many seconds, so a server in front of it has new posts to push ({@code ./tme demo}).
 */
public final class FakeTmeMain {

    private FakeTmeMain() {}

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 4 || args.length == 3) {
            System.err.println("usage: FakeTmeMain <port> [delayMillis [publishChannel everySeconds]]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        Duration delay = Duration.ofMillis(args.length >= 2 ? Long.parseLong(args[1]) : 0);
        Vertx vertx = Vertx.vertx();
        FakeTmeFront front = FakeTmeFront.start(vertx, port, delay);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("fake t.me served " + front.upstreamRequests() + " upstream requests");
            front.close();
            vertx.close();
        }));
        System.out.println("fake t.me listening on http://127.0.0.1:" + front.port() + " (delay " + delay.toMillis()
                + "ms per request)");
        if (args.length == 4) {
            publishEvery(vertx, front, args[2], Duration.ofSeconds(Long.parseLong(args[3])));
        }
    }

    /** A new post in {@code channel} every {@code period}, each saying when it was published. */
    private static void publishEvery(Vertx vertx, FakeTmeFront front, String channel, Duration period) {
        front.showPublished(20); // a demo left running for hours keeps a page of t.me's size
        vertx.setPeriodic(period.toMillis(), id -> front.publish(channel, "Demo post published at "
                + java.time.LocalTime.now().withNano(0) + ": the fake t.me publishes one every " + period.toSeconds()
                + " s"));
    }
}
