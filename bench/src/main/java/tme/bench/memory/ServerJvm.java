package tme.bench.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The production server ({@code tme.api.Main}, from this JVM's class path) in a JVM of its own with the options a
 * container would give it ({@code -XX:MaxRAM=512m}), so its resident memory is its own and can be read from
 * {@code /proc/<pid>/status}.
 */
final class ServerJvm implements AutoCloseable {

    final int port;
    final Path log;
    private final Process process;

    private ServerJvm(int port, Path log, Process process) {
        this.port = port;
        this.log = log;
        this.process = process;
    }

    /** Starts the server with {@code jvmOptions} and {@code env} (a free {@code PORT} added); waits for /healthz. */
    static ServerJvm start(List<String> jvmOptions, Map<String, String> env, Duration startWithin) {
        try {
            int port = freePort();
            Path log = Files.createTempFile("tme-memory-load-", ".log");
            List<String> command = new ArrayList<>();
            command.add(ProcessHandle.current().info().command().orElse("java"));
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "tme.api.Main"));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().remove("JAVA_TOOL_OPTIONS");
            builder.environment().putAll(env);
            builder.environment().put("PORT", Integer.toString(port));
            ServerJvm server = new ServerJvm(port, log, builder.start());
            server.awaitHealthy(startWithin);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** The server's log so far (its start line, the memory plan, any error). */
    String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            if (System.getenv("KEEP_SERVER_LOG") == null) {
                Files.deleteIfExists(log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitHealthy(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest health = HttpRequest.newBuilder(base().resolve("/healthz")).timeout(Duration.ofSeconds(1)).build();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the server exited with " + process.exitValue() + ": " + logText());
                }
                try {
                    if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(100); // polling a process that is starting: nothing to wait on but its port
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
        throw new IllegalStateException("the server did not answer /healthz within " + within + ": " + logText());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
