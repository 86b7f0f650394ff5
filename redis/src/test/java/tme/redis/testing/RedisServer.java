package tme.redis.testing;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A real {@code redis-server} process on a free loopback port, without persistence, in a temporary directory.
 * {@link #kill()} sends SIGKILL; {@link #restart()} starts an empty server on the same port; {@link #pause()} and
 * {@link #resume()} send SIGSTOP and SIGCONT. Readiness is awaited by polling {@code PING} until a deadline, never by
 * a fixed sleep.
 */
public final class RedisServer implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(10);
    private static final Duration POLL_PAUSE = Duration.ofMillis(5);

    private final Path dir;
    private final int port;
    // Settings on top of ours, e.g. a cluster node's.
    private final List<String> extraArgs;
    private Process process;

    private RedisServer(Path dir, int port, List<String> extraArgs) {
        this.dir = dir;
        this.port = port;
        this.extraArgs = extraArgs;
    }

    public static RedisServer start() {
        try {
            return launched(freePort(), List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A node of a Redis Cluster that is yet to be formed ({@link RedisCluster}): its cluster config file lives in
     * its own directory, and its cluster bus gets a free port of its own (the default, port + 10000, may be taken
     * or past 65535 for a free port picked by the system).
     */
    static RedisServer startClusterNode() {
        try {
            int port = freePort();
            int busPort = freePort();
            while (busPort == port) {
                busPort = freePort();
            }
            return launched(port, List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                    "--cluster-port", String.valueOf(busPort)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RedisServer launched(int port, List<String> extraArgs) throws IOException {
        RedisServer server = new RedisServer(Files.createTempDirectory("redis-test-"), port, extraArgs);
        server.launch();
        return server;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** SIGKILL, and waits until the process is gone (its port then refuses connections). */
    public void kill() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(READY_DEADLINE.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * SIGSTOP: the process keeps its port and connections but answers nothing (commands time out, as on a
     * black-holed link) until {@link #resume()}.
     */
    public void pause() {
        signal("-STOP");
    }

    /** SIGCONT after {@link #pause()}: it answers again, with everything it held. */
    public void resume() {
        signal("-CONT");
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, String.valueOf(process.pid())).inheritIO().start();
            if (!kill.waitFor(READY_DEADLINE.toSeconds(), TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts an empty server on the same port (after {@link #kill()}, or kills first). */
    public void restart() {
        kill();
        launch();
    }

    /** Sends one command on a fresh connection; answers the reply as text (arrays one element a line). */
    public String command(String... args) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(Resp.encode(args));
            out.flush();
            return Resp.read(new BufferedInputStream(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many times {@code command} (lower case, e.g. {@code get}) ran since the server started. */
    public long calls(String command) {
        String prefix = "cmdstat_" + command + ":calls=";
        return command("INFO", "commandstats").lines()
                .filter(line -> line.startsWith(prefix))
                .mapToLong(line -> Long.parseLong(line.substring(prefix.length(), line.indexOf(','))))
                .findFirst()
                .orElse(0);
    }

    /** The directory the server runs in (its log, and a cluster node's config file). */
    Path dir() {
        return dir;
    }

    @Override
    public void close() {
        kill();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch() {
        List<String> command = new ArrayList<>(List.of("redis-server",
                "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toString(),
                "--logfile", dir.resolve("redis.log").toString()));
        command.addAll(extraArgs);
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("stdout.log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server (is it installed?)", e);
        }
        awaitReady();
    }

    private void awaitReady() {
        Instant deadline = Instant.now().plus(READY_DEADLINE);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server exited with " + process.exitValue() + ", see " + dir);
            }
            try {
                if ("PONG".equals(command("PING"))) {
                    return;
                }
            } catch (UncheckedIOException | IllegalStateException notYet) {
                // not listening yet, or still loading
            }
            LockSupport.parkNanos(POLL_PAUSE.toNanos());
        }
        throw new IllegalStateException("redis-server on port " + port + " not ready within " + READY_DEADLINE);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Just enough RESP for tests: bulk-string arrays out; simple, error, integer, bulk and array replies in. */
    private static final class Resp {

        static byte[] encode(String... args) {
            StringBuilder out = new StringBuilder("*").append(args.length).append("\r\n");
            for (String arg : args) {
                byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
                out.append('$').append(bytes.length).append("\r\n").append(arg).append("\r\n");
            }
            return out.toString().getBytes(StandardCharsets.UTF_8);
        }

        static String read(InputStream in) throws IOException {
            int type = in.read();
            String line = line(in);
            return switch (type) {
                case '+', ':' -> line;
                case '-' -> throw new IllegalStateException("Redis error: " + line);
                case '$' -> bulk(in, Integer.parseInt(line));
                case '*' -> array(in, Integer.parseInt(line));
                default -> throw new IOException("unexpected RESP type " + type);
            };
        }

        private static String bulk(InputStream in, int length) throws IOException {
            if (length < 0) {
                return null;
            }
            byte[] bytes = in.readNBytes(length + 2);
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }

        private static String array(InputStream in, int count) throws IOException {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                items.add(read(in));
            }
            return String.join("\n", items);
        }

        private static String line(InputStream in) throws IOException {
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\r'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed");
                }
                line.append((char) c);
            }
            in.read(); // '\n'
            return line.toString();
        }
    }
}
