package tme.bench.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One server of the fleet as a process of its own ({@code java -jar api/target/tme-api.jar}, configured by its
 * environment, on a port it keeps across restarts), so a fault can be a real SIGKILL. Its output goes to
 * {@code <work>/<name>.log}, appended across restarts.
 */
final class ApiProcess implements AutoCloseable {

    private static final Duration HEALTHY_WITHIN = Duration.ofSeconds(90);

    final String name;
    final int port;
    private final Map<String, String> env;
    private final Path log;
    private final List<String> javaOptions;
    private final Path jar;
    private Process process;

    ApiProcess(String name, Map<String, String> env, Path work, Path jar, List<String> javaOptions) {
        this.name = name;
        this.port = freePort();
        this.env = env;
        this.log = work.resolve(name + ".log");
        this.jar = jar;
        this.javaOptions = javaOptions;
    }

    /** Starts the process; {@link #awaitHealthy()} waits until it answers. */
    ApiProcess start() {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(javaOptions);
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        builder.environment().put("PORT", Integer.toString(port));
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
        return this;
    }

    /** Polls {@code /healthz} until it answers 200; fails if the process exits or {@link #HEALTHY_WITHIN} passes. */
    void awaitHealthy() throws InterruptedException {
        long deadline = System.nanoTime() + HEALTHY_WITHIN.toNanos();
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                    .timeout(Duration.ofSeconds(2)).build();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException(name + " exited with " + process.exitValue() + ", see " + log);
                }
                try {
                    if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(200); // polling a starting process; the deadline is what bounds it
            }
        }
        throw new IllegalStateException(name + " not healthy within " + HEALTHY_WITHIN + ", see " + log);
    }

    /** SIGKILL, and waits until the process is gone. */
    void kill() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy(); // SIGTERM: a polite stop at the end of the run
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
