package tme.bench.memory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tme.bench.cli.Args;

/**
 * The memory load run from the command line ({@link MemoryLoad}); {@code bench/load/memory.sh} runs it. Prints a
 * sample a second, then the outcomes, the RSS peak, the levels the last channels were answered from and the plan;
 * exits 1 if the run broke the done-when line (a 5xx, a timeout, RSS over {@code --max-ram}, /healthz failing,
 * the last channels not in L1).
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar tme.bench.memory.MemoryLoadMain --channels 5000 --clients 32
 * --max-ram 512m [--graphql-every 5] [--timeout 3s] [--recent 50] [--warmup 200] [--jvm -XX:MaxRAMPercentage=50]
 * [--env MEMORY_CACHE_MAX_MB=40]}
 */
public final class MemoryLoadMain {

    private MemoryLoadMain() {}

    public static void main(String[] argv) throws InterruptedException {
        Args args = Args.parse(argv);
        Map<String, String> env = new LinkedHashMap<>();
        for (String setting : args.all("env")) {
            env.put(setting.substring(0, setting.indexOf('=')), setting.substring(setting.indexOf('=') + 1));
        }
        MemoryLoad load = new MemoryLoad(args.integer("channels", 5000), args.integer("clients", 32),
                args.integer("graphql-every", 5), args.duration("timeout", Duration.ofSeconds(3)),
                args.text("max-ram", "512m"), List.copyOf(args.all("jvm")), env, args.integer("recent", 50), args.integer("warmup", 200), true);
        MemoryLoad.Report report = load.run();
        System.out.println("plan: " + report.planLine());
        System.out.println("outcomes: " + report.outcomes() + "; SEVERE lines in the server's log: "
                + report.severeLogLines());
        report.examples().forEach(example -> System.out.println("  e.g. " + example));
        System.out.println("last " + load.recent() + " channels answered by: " + report.recentLevels());
        report.metrics().forEach((series, value) -> System.out.println("  " + series + " " + value));
        List<String> failures = report.failures();
        System.out.printf("RESULT channels=%d max_ram=%s max_rss_mib=%d took_s=%d failures=%d%n", load.channels(),
                load.maxRam(), report.maxRss() / Sample.MIB, report.took().toSeconds(), failures.size());
        failures.forEach(failure -> System.out.println("FAILED " + failure));
        System.exit(failures.isEmpty() ? 0 : 1);
    }
}
