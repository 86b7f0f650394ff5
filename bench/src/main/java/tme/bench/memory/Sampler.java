package tme.bench.memory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import tme.bench.http.Metrics;

/** Every second, a {@link Sample} of the server process: its RSS, its heap and direct memory, its /healthz. */
final class Sampler implements AutoCloseable {

    private final long pid;
    private final URI base;
    private final LongSupplier requests;
    private final Duration timeout;
    private final boolean print;
    private final List<Sample> samples = new CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final Thread thread;
    private volatile boolean running = true;

    /** Samples every second; {@code /healthz} fails a sample when it takes longer than {@code timeout}. */
    Sampler(long pid, URI base, LongSupplier requests, Duration timeout, boolean print) {
        this.timeout = timeout;
        this.pid = pid;
        this.base = base;
        this.requests = requests;
        this.print = print;
        this.thread = Thread.ofPlatform().daemon().name("memory-sampler").start(this::run);
    }

    List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Takes one more sample now (the end of the workload), then stops. */
    @Override
    public void close() {
        if (!running) {
            return;
        }
        running = false;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        samples.add(sample(samples.size()));
        http.close();
    }

    private void run() {
        long start = System.nanoTime();
        int second = 0;
        while (running) {
            Sample sample = sample(second);
            samples.add(sample);
            if (print) {
                System.out.println(sample.line());
            }
            second++;
            long next = start + second * 1_000_000_000L;
            try {
                Thread.sleep(Duration.ofNanos(Math.max(0, next - System.nanoTime())));
            } catch (InterruptedException stopped) {
                return;
            }
        }
    }

    private Sample sample(int second) {
        long rss = rss();
        boolean healthy = status("/healthz", timeout) == 200;
        String metrics = text("/metrics");
        return new Sample(second, rss, Metrics.sum(metrics, "jvm_memory_used_bytes{area=\"heap\""),
                Metrics.sum(metrics, "jvm_buffer_memory_used_bytes{id=\"direct\""), healthy, requests.getAsLong());
    }

    /** {@code VmRSS} of the server process in bytes; -1 once it is gone. */
    private long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException gone) {
            return -1;
        }
        return -1;
    }

    private int status(String path, Duration within) {
        try {
            return http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(within).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private String text(String path) {
        try {
            return http.send(request(path), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(1)).build();
    }
}
