package tme.bench.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The chaos run: starts the {@link ChaosFleet}, checks that push works end to end (warm-up posts reach every reader
 * and subscriber), runs the {@link Scenario scenarios} one after another while the fake t.me publishes 3 posts a
 * second, and prints one Markdown table row per scenario (and the whole table at the end).
 *
 * <p>Run: {@code bench/chaos/run.sh} (it builds nothing: {@code mvn -B -DskipTests package} first). Directly:
 * {@code java -cp bench/target/benchmarks.jar tme.bench.chaos.ChaosMain <work dir> <api jar> [scenario,...]};
 * {@code CHAOS_JAVA_OPTS} are the servers' JVM options. The servers' logs are in the work directory.
 */
public final class ChaosMain {

    private static final double POSTS_PER_SECOND = 3;

    private ChaosMain() {}

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: ChaosMain <work dir> <api jar> [scenario,scenario...]");
            System.exit(2);
        }
        try {
            run(args);
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1); // the Vert.x and HTTP clients' threads would keep the JVM up
        }
        System.exit(0);
    }

    private static void run(String[] args) throws Exception {
        Path work = Files.createDirectories(Path.of(args[0]));
        // Stopped early (Ctrl-C, the script's trap): the servers and Redis this JVM started go with it.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly)));
        List<String> only = args.length > 2 ? Arrays.asList(args[2].split(",")) : List.of();
        List<String> javaOptions = Arrays.asList(System.getenv().getOrDefault("CHAOS_JAVA_OPTS",
                "-Xms64m -Xmx256m --enable-native-access=ALL-UNNAMED").trim().split("\\s+"));
        try (ChaosFleet fleet = new ChaosFleet(work, Path.of(args[1]), javaOptions);
             Publisher publisher = new Publisher(fleet.tme, POSTS_PER_SECOND)) {
            List<String> names = Scenario.all(fleet).stream().map(Scenario::name).toList();
            if (!names.containsAll(only)) {
                throw new IllegalArgumentException("scenarios are " + names + ", not " + only);
            }
            ScenarioRun.say("starting Redis, 3 proxies, the fake t.me, 2 API servers and a refresher (logs in "
                    + work + ")");
            fleet.start();
            warmUp(fleet, publisher);
            List<Row> rows = new ArrayList<>();
            System.out.println(Row.header());
            for (Scenario scenario : Scenario.all(fleet)) {
                if (only.isEmpty() || only.contains(scenario.name())) {
                    Row row = new ScenarioRun(fleet, publisher).run(scenario);
                    rows.add(row);
                    System.out.println(row.line());
                }
            }
            System.out.println();
            System.out.println(Row.header());
            rows.forEach(row -> System.out.println(row.line()));
        }
    }

    /** Publishes until one post reached every receiver: push works end to end before any fault. */
    private static void warmUp(ChaosFleet fleet, Publisher publisher) throws InterruptedException {
        ScenarioRun.say("warm-up: publishing until a post reaches all 10 readers and 3 subscribers");
        long start = System.nanoTime();
        publisher.start();
        try {
            ChaosFleet.await("a warm-up post at every receiver", () -> {
                List<Integer> ids = publisher.since(start).stream().map(Publisher.Post::id).toList();
                return fleet.receivers().stream().allMatch(r -> r.firstArrivalOf(ids).isPresent());
            });
        } finally {
            publisher.stop();
        }
        Thread.sleep(5000); // let the warm-up's last posts arrive before the first scenario counts
    }
}
