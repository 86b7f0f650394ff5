package tme.bench.openloop;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import tme.bench.cli.Args;
import tme.bench.http.Request;

/**
 * The open-loop generator's command line:
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar tme.bench.openloop.OpenLoopMain --url http://127.0.0.1:8080/v1/body/durov \
 *     --rate 15000 --duration 10s [--warmup 2s] [--connections 64] [--timeout 2s] [--header 'Accept-Encoding: zstd'] \
 *     [--window 2s --probe-url http://127.0.0.1:9000/__hits]
 * }</pre>
 * {@code --url} may repeat (connections are spread over the URLs, e.g. one per server of a fleet); so may
 * {@code --header}. With {@code --window}, prints an {@code INTERVAL} line per window and, with {@code --probe-url},
 * a {@code PROBE index=k body=...} line with that URL's answer at the measured start (k = -1) and at each window's
 * end. Ends with the {@code OPENLOOP} line ({@link Latencies#resultLine()}). Exit status 2 on a bad option.
 */
public final class OpenLoopMain {

    private OpenLoopMain() {}

    public static void main(String[] argv) throws IOException, InterruptedException {
        OpenLoop.Settings settings;
        WindowProbe probe;
        try {
            Args args = Args.parse(argv);
            settings = settings(args);
            probe = args.all("probe-url").isEmpty() ? WindowProbe.none()
                    : httpProbe(URI.create(args.text("probe-url")));
        } catch (IllegalArgumentException e) {
            System.err.println("OpenLoopMain: " + e.getMessage());
            System.exit(2);
            return;
        }
        OpenLoop.Result result = OpenLoop.run(settings, probe);
        result.windowLines().forEach(System.out::println);
        for (int k = 0; k < result.probes().size(); k++) {
            System.out.println("PROBE index=" + (k - 1) + " body=" + result.probes().get(k));
        }
        System.out.println(result.line());
    }

    static OpenLoop.Settings settings(Args args) {
        List<String> headers = args.all("header");
        List<Request> targets = args.all("url").stream().map(url -> Request.get(URI.create(url), headers)).toList();
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("--url is required");
        }
        double rate = args.number("rate");
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate must be positive: " + rate);
        }
        return new OpenLoop.Settings(targets, rate, args.duration("warmup", Duration.ZERO),
                args.duration("duration", Duration.ofSeconds(10)), args.integer("connections", 64),
                args.duration("timeout", Duration.ofSeconds(2)), args.duration("window", Duration.ZERO));
    }

    /**
     * GETs {@code url} and keeps its body on one line without spaces; a failure is noted as {@code error}. Asked once
     * here, before the run, so the first note does not pay for loading the HTTP client's classes.
     */
    private static WindowProbe httpProbe(URI url) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).build();
        WindowProbe probe = index -> {
            try {
                return client.send(request, HttpResponse.BodyHandlers.ofString()).body().replaceAll("\\s+", "");
            } catch (IOException e) {
                return "error";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "error";
            }
        };
        probe.at(-1);
        return probe;
    }
}
