package tme.bench.mixed;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLongArray;
import tme.bench.cli.Args;
import tme.bench.openloop.CpuTime;
import tme.bench.openloop.Driver;
import tme.bench.openloop.ProbeRunner;
import tme.bench.openloop.Schedule;
import tme.bench.openloop.WindowProbe;

/**
 * The mixed load of {@code bench/load/mixed.sh}, open loop: requests start at a fixed rate whatever the answers
 * ({@link Driver}), drawn from a Zipf-shaped mix of route classes ({@link MixPlan}), and each latency counts from
 * the request's intended start ({@link MixLatencies}).
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar tme.bench.mixed.MixedMain --url http://127.0.0.1:8080 [--url ...] \
 *     --rate 400 [--warmup 10s] [--duration 60s] [--connections 200] [--timeout 10s] [--channels 300] \
 *     [--exponent 1.1] [--group 3] [--mix body=35,post=20,previews=10,feed=10,graphql=10,atom=15] [--seed 1] \
 *     [--header 'Accept-Encoding: gzip'] [--warm-passes 0] [--cpu front=PID,PID --cpu origin=PID] [--clk-tck 100] \
 *     [--server-clock yes]
 * }</pre>
 * {@code --url} may repeat (a fleet: connections are spread over the servers). {@code --warm-passes N} first asks
 * for every distinct request of the mix N times over, closed loop (the "hits only" run), printing a {@code WARM}
 * line per pass. {@code --cpu} names process groups whose CPU over the measured span is printed per answer.
 * {@code --server-clock yes} (tme-api servers only) adds the {@code SERVER} line: the hits by the servers' own clock
 * ({@link ServerClock}).
 * Prints {@code CPU} lines, a {@code CLASS} line per route class and {@code all}, and the {@code MIXED} line.
 * Exit status 2 on a bad option.
 */
public final class MixedMain {

    private static final int WARM_WORKERS = 64;
    private static final String DEFAULT_MIX = "body=35,post=20,previews=10,feed=10,graphql=10,atom=15";

    private MixedMain() {}

    record Options(List<InetSocketAddress> targets, double rate, Duration warmup, Duration duration, int connections,
                   Duration timeout, Catalogue catalogue, int[] weights, double exponent, long seed, int warmPasses,
                   List<ProcessCpu> cpu, int clkTck, boolean serverClock) {}

    public static void main(String[] argv) throws IOException, InterruptedException {
        Options options;
        try {
            options = options(Args.parse(argv));
        } catch (IllegalArgumentException e) {
            System.err.println("MixedMain: " + e.getMessage());
            System.exit(2);
            return;
        }
        for (int pass = 1; pass <= options.warmPasses(); pass++) {
            System.out.println(Warmer.pass(pass, distinct(options), options.targets(), WARM_WORKERS));
        }
        run(options).forEach(System.out::println);
    }

    static Options options(Args args) {
        List<InetSocketAddress> targets = args.all("url").stream().map(MixedMain::address).toList();
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("--url is required");
        }
        double rate = args.number("rate");
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate must be positive: " + rate);
        }
        int connections = args.integer("connections", 200);
        if (connections < targets.size()) {
            throw new IllegalArgumentException("want a connection per --url at least: " + connections);
        }
        Catalogue catalogue = new Catalogue(args.integer("channels", 300), args.integer("group", 3),
                args.all("header"));
        return new Options(targets, rate, args.duration("warmup", Duration.ofSeconds(10)),
                args.duration("duration", Duration.ofSeconds(60)), connections,
                args.duration("timeout", Duration.ofSeconds(10)), catalogue,
                MixPlan.weights(args.text("mix", DEFAULT_MIX)), Double.parseDouble(args.text("exponent", "1.1")),
                Long.parseLong(args.text("seed", "1")), args.integer("warm-passes", 0),
                args.all("cpu").stream().map(ProcessCpu::parse).toList(), args.integer("clk-tck", 100),
                yes(args.text("server-clock", "no")));
    }

    private static boolean yes(String flag) {
        return switch (flag) {
            case "yes" -> true;
            case "no" -> false;
            default -> throw new IllegalArgumentException("--server-clock is yes or no: " + flag);
        };
    }

    private static InetSocketAddress address(String url) {
        URI uri = URI.create(url);
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("want an http:// URL with a host: " + url);
        }
        return new InetSocketAddress(uri.getHost(), uri.getPort() == -1 ? 80 : uri.getPort());
    }

    /** Every distinct request of the classes the mix sends. */
    static List<byte[]> distinct(Options options) {
        List<byte[]> requests = new ArrayList<>();
        for (RouteClass c : RouteClass.values()) {
            if (options.weights()[c.ordinal()] > 0) {
                for (int key = 0; key < options.catalogue().keys(c); key++) {
                    requests.add(options.catalogue().request(c, key));
                }
            }
        }
        return requests;
    }

    /** The run: its CPU lines, its class lines and the MIXED line. */
    static List<String> run(Options options) throws IOException, InterruptedException {
        Schedule schedule = Schedule.of(System.nanoTime() + Duration.ofMillis(100).toNanos(), options.rate(),
                options.warmup(), options.duration());
        MixPlan plan = MixPlan.draw(options.catalogue(), options.weights(), options.exponent(),
                Math.toIntExact(schedule.count()), options.seed());
        MixLatencies latencies = new MixLatencies(schedule, plan);
        CpuProbe cpu = new CpuProbe(options.cpu());
        ServerClock clock = options.serverClock() ? new ServerClock(options.targets()) : null;
        ProbeRunner probe = ProbeRunner.start(index -> {
            cpu.at(index); // first: the CPU span is not stretched by the scrapes
            return clock == null ? "" : clock.at(index);
        }, schedule.measuredStart(), schedule.measuredSpan(), 1);
        long cpuBefore = CpuTime.ofProcess();
        long wallBefore = System.nanoTime();
        new Driver(schedule, latencies, (target, i) -> plan.bytes(i), options.targets(), options.connections(),
                options.timeout()).run();
        double cores = (CpuTime.ofProcess() - cpuBefore) / (double) (System.nanoTime() - wallBefore);
        probe.finish();
        List<String> lines = new ArrayList<>(cpu.lines(options.clkTck(), latencies.answered()));
        lines.addAll(latencies.lines());
        lines.addAll(latencies.cacheLines());
        if (clock != null) {
            lines.addAll(clock.lines());
        }
        double span = schedule.measuredSpan().toNanos() / 1e9;
        lines.add(String.format(Locale.ROOT, "MIXED rate=%.1f seconds=%.2f requests=%d rps=%.1f connections=%d"
                        + " channels=%d %s generator_cores=%.2f", options.rate(), span, latencies.answered(),
                latencies.answered() / span, options.connections(), options.catalogue().channels(),
                latencies.lagLine(), cores));
        return lines;
    }

    /**
     * Each group's CPU ticks, and its JIT compilers' ticks, at the measured start (call -1) and at its end (call 0), on
     * the probe's thread.
     */
    private record CpuProbe(List<ProcessCpu> groups, AtomicLongArray ticks, AtomicLongArray compiler)
            implements WindowProbe {

        CpuProbe(List<ProcessCpu> groups) {
            this(groups, new AtomicLongArray(2 * groups.size()), new AtomicLongArray(2 * groups.size()));
        }

        @Override
        public String at(int index) {
            for (int g = 0; g < groups.size(); g++) {
                ticks.set(2 * g + index + 1, groups.get(g).ticks());
                compiler.set(2 * g + index + 1, groups.get(g).compilerTicks());
            }
            return "";
        }

        /** {@code CPU name=.. seconds=.. answers=.. ms_per_answer=.. jit_share=..} per group. */
        List<String> lines(int clkTck, long answers) {
            List<String> lines = new ArrayList<>();
            for (int g = 0; g < groups.size(); g++) {
                long used = ticks.get(2 * g + 1) - ticks.get(2 * g);
                long compiling = compiler.get(2 * g + 1) - compiler.get(2 * g);
                double seconds = used / (double) clkTck;
                lines.add(String.format(Locale.ROOT,
                        "CPU name=%s seconds=%.2f answers=%d ms_per_answer=%.4f jit_share=%.3f",
                        groups.get(g).name(), seconds, answers, answers == 0 ? 0 : 1000 * seconds / answers,
                        used == 0 ? 0 : compiling / (double) used));
            }
            return lines;
        }
    }
}
