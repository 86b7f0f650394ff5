package tme.bench.memory;

import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tme.api.memory.JvmLimits;
import tme.scraper.testing.FakeTme;

/**
 * The memory load run: a fake t.me (every channel name is durov's recorded page under that name), the server in a
 * JVM of {@code maxRam} ({@code -XX:MaxRAM}, as a container's limit sizes it), {@link Workload} through it while a
 * {@link Sampler} reads its memory every second, then the most recent channels read once more to see which level
 * answers them. {@link Report#failures} is what the done-when line forbids.
 *
 * @param channels     distinct channels read
 * @param clients      readers at once
 * @param graphqlEvery a GraphQL query for every n-th channel (0: none)
 * @param timeout      a request taking longer is a timeout
 * @param maxRam       {@code -XX:MaxRAM} of the server's JVM ({@code 512m}); also the RSS limit
 * @param jvmOptions   more options for the server's JVM
 * @param env          more settings for the server
 * @param recent       how many of the channels read last must still be answered from L1 (issue 30: 50; L1 admits
 *                     every page it loads and evicts the least recent first, so a one-pass scan keeps its newest
 *                     pages; Caffeine, before, kept only its 1% window of them, about 28 pages at 512m)
 * @param warmup       channels of their own read first by 4 clients, not counted: the parser, renderer and hit path
 *                     compiled before 32 clients at once ask for pages nobody has asked for yet (on a loaded 2-core
 *                     machine, a cold JVM takes longer than the timeout over its first dozens of pages)
 * @param print        print each sample as it is taken
 */
public record MemoryLoad(int channels, int clients, int graphqlEvery, Duration timeout, String maxRam,
                         List<String> jvmOptions, Map<String, String> env, int recent, int warmup, boolean print) {

    private static final int WARMUP_CLIENTS = 4;

    /** What a run saw. */
    public record Report(MemoryLoad load, long limitBytes, Map<String, Long> outcomes, List<String> examples,
                         List<Sample> samples, Map<String, Long> recentLevels, Map<String, Long> metrics,
                         String planLine, long severeLogLines, Duration took) {

        public long maxRss() {
            return samples.stream().mapToLong(Sample::rss).max().orElse(-1);
        }

        /** Every way the run broke the done-when line: a 5xx, a timeout, an error, RSS over the limit, ... */
        public List<String> failures() {
            List<String> failures = new ArrayList<>();
            outcomes.forEach((outcome, count) -> {
                String status = outcome.substring(outcome.indexOf(' ') + 1);
                if (!status.equals("200")) {
                    failures.add(count + " x " + outcome);
                }
            });
            samples.stream().filter(s -> s.rss() > limitBytes).findFirst().ifPresent(s ->
                    failures.add("RSS over " + limitBytes / Sample.MIB + " MiB: " + s.line()));
            samples.stream().filter(s -> !s.healthy()).findFirst().ifPresent(s ->
                    failures.add("/healthz did not answer 200 within 1 s: " + s.line()));
            long fromL1 = recentLevels.getOrDefault("200 L1", 0L);
            if (fromL1 < load.recent) {
                failures.add("of the last " + load.recent + " channels, " + fromL1 + " answered from L1: " + recentLevels);
            }
            return failures;
        }
    }

    /** Runs it; the server and the fake are stopped before this returns. */
    public Report run() throws InterruptedException {
        Vertx vertx = Vertx.vertx();
        FakeTme fake = FakeTme.start(vertx).anyChannelAs("durov");
        long started = System.nanoTime();
        try (ServerJvm server = ServerJvm.start(serverOptions(), serverEnv(fake.baseUrl()), Duration.ofSeconds(60))) {
            String plan = server.logText().lines().filter(line -> line.contains("memory plan")).findFirst().orElse("-");
            Workload warming = new Workload(server.base(), "warm", warmup, graphqlEvery, Duration.ofSeconds(30));
            Workload workload = new Workload(server.base(), "load", channels, graphqlEvery, timeout);
            List<Sample> samples;
            try (Sampler sampler = new Sampler(server.pid(), server.base(), workload::answered, timeout, print)) {
                warming.run(WARMUP_CLIENTS);
                if (print) {
                    System.out.println("warm-up (not counted): " + warming.outcomes());
                }
                workload.run(clients);
                sampler.close();
                samples = sampler.samples();
            }
            Map<String, Long> levels = new LinkedHashMap<>();
            // Newest first: each miss here stores a page, which pushes the oldest of L1's admission window out.
            for (int i : workload.lastDone(recent)) {
                levels.merge(workload.level(i), 1L, Long::sum);
            }
            return new Report(this, JvmLimits.bytes(maxRam), workload.outcomes(), workload.firstFailures(), samples, levels,
                    metrics(server.base()), plan, server.logText().lines().filter(line -> line.startsWith("SEVERE")).count(),
                    Duration.ofNanos(System.nanoTime() - started));
        } finally {
            fake.close();
            vertx.close();
        }
    }

    private List<String> serverOptions() {
        List<String> options = new ArrayList<>(List.of("-XX:MaxRAM=" + maxRam, "--enable-native-access=ALL-UNNAMED"));
        options.addAll(jvmOptions);
        return options;
    }

    private Map<String, String> serverEnv(URI fake) {
        Map<String, String> settings = new LinkedHashMap<>(Map.of("TELEGRAM_BASE_URL", fake.toString(),
                "TELEGRAM_RATE", "1000", "ACCESS_LOG", "false", "DISABLE_DOCS", "true"));
        settings.putAll(env);
        return settings;
    }

    /** The memory plan's series and the copies' fallbacks, from the server's /metrics at the end. */
    private static Map<String, Long> metrics(URI base) throws InterruptedException {
        Map<String, Long> picked = new LinkedHashMap<>();
        try (HttpClient http = HttpClient.newHttpClient()) {
            String scrape = http.send(HttpRequest.newBuilder(base.resolve("/metrics")).timeout(Duration.ofSeconds(5))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            scrape.lines().filter(line -> line.startsWith("tme_memory_") || line.startsWith("tme_cache_l1_")
                            || line.startsWith("tme_body_copies") || line.startsWith("tme_graphql_decoded"))
                    .forEach(line -> picked.put(line.substring(0, line.lastIndexOf(' ')),
                            (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))));
        } catch (java.io.IOException e) {
            picked.put("(no /metrics: " + e + ")", -1L);
        }
        return picked;
    }
}
