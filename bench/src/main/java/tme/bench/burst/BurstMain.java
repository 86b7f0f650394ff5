package tme.bench.burst;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import tme.bench.cli.Args;
import tme.bench.http.Request;

/**
 * The cold burst's command line:
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar tme.bench.burst.BurstMain --url http://127.0.0.1:8081/v1/body/cold1 \
 *     --url http://127.0.0.1:8082/v1/body/cold1 --url http://127.0.0.1:8083/v1/body/cold1 --requests 1000 \
 *     [--timeout 30s] [--header 'Accept-Encoding: zstd']
 * }</pre>
 * Prints the {@code BURST} line. Exit status 2 on a bad option. Needs a file-descriptor limit above the number of
 * requests ({@code ulimit -n}).
 */
public final class BurstMain {

    private BurstMain() {}

    public static void main(String[] argv) throws InterruptedException {
        List<Request> targets;
        int requests;
        Duration timeout;
        try {
            Args args = Args.parse(argv);
            List<String> headers = args.all("header");
            targets = args.all("url").stream().map(url -> Request.get(URI.create(url), headers)).toList();
            if (targets.isEmpty()) {
                throw new IllegalArgumentException("--url is required");
            }
            requests = args.integer("requests", 1000);
            timeout = args.duration("timeout", Duration.ofSeconds(30));
        } catch (IllegalArgumentException e) {
            System.err.println("BurstMain: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.out.println(Burst.run(targets, requests, timeout));
    }
}
