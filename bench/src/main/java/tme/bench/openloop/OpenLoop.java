package tme.bench.openloop;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import tme.bench.http.Request;

/**
 * Runs a {@link Schedule} over keep-alive connections ({@link Driver}, one thread): a free connection takes the
 * next request of the schedule when its intended start comes; when every connection is busy the next request simply
 * starts late, and its latency still counts from its intended start. So queueing, in the server or in front of it,
 * shows in the percentiles instead of slowing the schedule down. Connection {@code k} talks to target
 * {@code k % targets}.
 */
public final class OpenLoop {

    /**
     * @param targets     the requests to send (one per server of a fleet), spread over the connections
     * @param connections keep-alive connections, at least as many as targets
     * @param timeout     a request still unsent this long after its intended start, or unanswered this long after
     *                    it was sent, is a timeout (counted, not measured)
     * @param window      zero, or the length of the windows the latencies are also kept in
     */
    public record Settings(List<Request> targets, double rate, Duration warmup, Duration duration, int connections,
                           Duration timeout, Duration window) {
        public Settings {
            targets = List.copyOf(targets);
            if (targets.isEmpty() || connections < targets.size()) {
                throw new IllegalArgumentException("want at least one target and a connection for each: "
                        + targets.size() + " targets, " + connections + " connections");
            }
            if (!timeout.isPositive() || window.isNegative()) {
                throw new IllegalArgumentException("want a positive timeout and a window >= 0: " + timeout + ", "
                        + window);
            }
        }
    }

    /** The run's {@code OPENLOOP} line, an {@code INTERVAL} line per window, and what the probe said per window. */
    public record Result(String line, List<String> windowLines, List<String> probes) {}

    private OpenLoop() {}

    /**
     * Runs the whole schedule, starting 50 ms from now, and returns when every request has been answered, failed or
     * timed out. {@code probe} runs at the measured start and at each window's end, on a thread of its own.
     */
    public static Result run(Settings settings, WindowProbe probe) throws IOException, InterruptedException {
        Schedule schedule = Schedule.of(System.nanoTime() + Duration.ofMillis(50).toNanos(), settings.rate(),
                settings.warmup(), settings.duration());
        Latencies latencies = new Latencies(schedule, settings.window());
        ProbeRunner probes = ProbeRunner.start(probe, schedule.measuredStart(), settings.window(),
                latencies.windowCount());
        long cpuBefore = CpuTime.ofProcess();
        long wallBefore = System.nanoTime();
        List<Request> targets = settings.targets();
        new Driver(schedule, latencies, (target, i) -> targets.get(target).bytes(),
                targets.stream().map(Request::address).toList(), settings.connections(), settings.timeout()).run();
        double cores = (CpuTime.ofProcess() - cpuBefore) / (double) (System.nanoTime() - wallBefore);
        return new Result(latencies.resultLine(cores), latencies.windowLines(), probes.finish());
    }
}
