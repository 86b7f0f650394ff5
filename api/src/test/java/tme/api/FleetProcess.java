package tme.api;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The production server as a process of its own ({@code tme.api.Main}, configured by its environment, on this
 * test's class path), so a test can kill it with SIGKILL: a real crash, where nothing is released or closed
 * politely. Closing a Vert.x in process is not one: its closing code may still release a lease.
 */
final class FleetProcess implements AutoCloseable {

    final int port;
    private final Process process;
    private final Path log;

    private FleetProcess(int port, Process process, Path log) {
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /** Starts the server with {@code env} (a free {@code PORT} is added) and waits until it answers. */
    static FleetProcess start(Map<String, String> env) {
        try {
            FleetProcess started = launch(env, freePort());
            started.awaitHealthy();
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a process that must not start said before it exited: its exit code and its log. */
    record Exited(int code, String log) {}

    /** Starts the server with {@code env} on {@code port} and waits (at most 60 s) for it to exit by itself. */
    static Exited exitOf(Map<String, String> env, int port) {
        try (FleetProcess process = launch(env, port)) {
            if (!process.process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the process did not exit within 60 s: " + process.logText());
            }
            return new Exited(process.process.exitValue(), process.logText());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static FleetProcess launch(Map<String, String> env, int port) throws IOException {
        Path log = Files.createTempFile("fleet-process-", ".log");
        String java = ProcessHandle.current().info().command().orElse("java");
        // --enable-native-access: what the jar's manifest grants (Enable-Native-Access), run from the class path.
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx256m", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        builder.environment().put("PORT", Integer.toString(port));
        builder.environment().putIfAbsent("CLIENT_UPSTREAM_SHARE", "1"); // as TestServer: one loopback client
        builder.environment().putIfAbsent("GRAPHQL_TIMEOUT", "60s"); // as TestServer: held loads outlast 5 s
        builder.environment().putIfAbsent("MAX_CONNECTIONS_PER_ADDRESS", TestServer.LOOPBACK_CONNECTIONS);
        return new FleetProcess(port, builder.start(), log);
    }

    /** SIGTERM (a deploy, a scale-down), and waits until the process has stopped by itself; its exit code. */
    int terminate() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the process did not stop within 30 s of SIGTERM: " + logText());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Its {@code GET /metrics}, by name. */
    PrometheusText metrics() {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/metrics")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return PrometheusText.parse(answer.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** SIGSTOP: the process keeps its sockets and its state but runs nothing (a long GC, a frozen VM) until resumed. */
    void pause() {
        signal("-STOP");
    }

    /** SIGCONT after {@link #pause()}: its timers that came due meanwhile fire at once. */
    void resume() {
        signal("-CONT");
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new AssertionError("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** SIGKILL, and waits until the process is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        kill();
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitHealthy() {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                    .timeout(Duration.ofSeconds(1)).build();
            FleetAwait.until("the server process answers /healthz", () -> {
                if (!process.isAlive()) {
                    throw new AssertionError("server process exited with " + process.exitValue() + ": " + logText());
                }
                try {
                    return http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
                } catch (IOException notYet) {
                    return false;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted", e);
                }
            }, this::logText);
        }
    }

    /** What the process has written so far, standard output and error together. */
    String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
