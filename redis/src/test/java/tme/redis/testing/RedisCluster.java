package tme.redis.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A real Redis Cluster on loopback: {@code masters} {@code redis-server --cluster-enabled yes} processes on free
 * ports, joined by {@code redis-cli --cluster create ... --cluster-replicas 0}, and ready once every node reports
 * {@code cluster_state:ok} with all 16384 slots served (polled until a deadline, never a fixed sleep). Start it
 * once per test class (forming a cluster takes a second or two) and {@link #flushAll()} between tests, as a
 * {@link RedisClusterTestBase} does.
 */
public final class RedisCluster implements AutoCloseable {

    public static final int SLOTS = 16_384;
    private static final Duration FORM_DEADLINE = Duration.ofSeconds(30);
    private static final Duration POLL_PAUSE = Duration.ofMillis(10);

    private final List<RedisServer> nodes;

    private RedisCluster(List<RedisServer> nodes) {
        this.nodes = nodes;
    }

    /** Three masters without replicas: the smallest cluster {@code redis-cli --cluster create} accepts. */
    public static RedisCluster start() {
        return start(3);
    }

    public static RedisCluster start(int masters) {
        List<RedisServer> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < masters; i++) {
                nodes.add(RedisServer.startClusterNode());
            }
            RedisCluster cluster = new RedisCluster(List.copyOf(nodes));
            cluster.create();
            cluster.awaitOk();
            return cluster;
        } catch (RuntimeException e) {
            nodes.forEach(RedisServer::close);
            throw e;
        }
    }

    public List<RedisServer> nodes() {
        return nodes;
    }

    /** Every node's URL, comma-separated: what {@code REDIS_URL} holds for a cluster. */
    public String urls() {
        return nodes.stream().map(RedisServer::url).collect(Collectors.joining(","));
    }

    /** One node's URL: a seed from which the client learns the others ({@code REDIS_CLUSTER=true}). */
    public String seed() {
        return nodes.getFirst().url();
    }

    /** The cluster's own word on a key's hash slot ({@code CLUSTER KEYSLOT}). */
    public int slot(String key) {
        return Integer.parseInt(nodes.getFirst().command("CLUSTER", "KEYSLOT", key));
    }

    /** The node serving {@code key}'s slot, from {@code CLUSTER NODES}. */
    public RedisServer nodeFor(String key) {
        int slot = slot(key);
        for (String line : nodes.getFirst().command("CLUSTER", "NODES").split("\n")) {
            String[] fields = line.trim().split(" ");
            if (fields.length > 8 && servesSlot(fields, slot)) {
                int port = Integer.parseInt(fields[1].substring(fields[1].indexOf(':') + 1, fields[1].indexOf('@')));
                return nodes.stream().filter(node -> node.port() == port).findFirst().orElseThrow();
            }
        }
        throw new IllegalStateException("no node serves slot " + slot);
    }

    /** Keys matching {@code pattern} on every node, sorted ({@code KEYS} answers for its own node only). */
    public List<String> keys(String pattern) {
        return nodes.stream().flatMap(node -> node.command("KEYS", pattern).lines())
                .filter(key -> !key.isEmpty()).sorted().toList();
    }

    /** How many times {@code command} ran on each node, in node order. */
    public List<Long> callsPerNode(String command) {
        return nodes.stream().map(node -> node.calls(command)).toList();
    }

    /** Empties every node, keeping the cluster. */
    public void flushAll() {
        nodes.forEach(node -> node.command("FLUSHALL"));
    }

    /** Empties every node's script cache, as a restart or a failover of each would. */
    public void flushScripts() {
        nodes.forEach(node -> node.command("SCRIPT", "FLUSH"));
    }

    @Override
    public void close() {
        nodes.forEach(RedisServer::close);
    }

    private void create() {
        List<String> command = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
        nodes.forEach(node -> command.add("127.0.0.1:" + node.port()));
        command.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
        Path log = nodes.getFirst().dir().resolve("cluster-create.log");
        try {
            Process cli = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!cli.waitFor(FORM_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                cli.destroyForcibly();
                throw new IllegalStateException("redis-cli --cluster create did not finish, see " + log);
            }
            if (cli.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed: " + Files.readString(log));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run redis-cli (is redis-tools installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the cluster", e);
        }
    }

    /** Until every node sees every node and serves all slots: the client's first CLUSTER SLOTS is then whole. */
    private void awaitOk() {
        Instant deadline = Instant.now().plus(FORM_DEADLINE);
        while (!nodes.stream().allMatch(this::ok)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("cluster not ok within " + FORM_DEADLINE + ": "
                        + nodes.getFirst().command("CLUSTER", "INFO"));
            }
            LockSupport.parkNanos(POLL_PAUSE.toNanos());
        }
    }

    private boolean ok(RedisServer node) {
        String info = node.command("CLUSTER", "INFO");
        return info.contains("cluster_state:ok") && info.contains("cluster_slots_ok:" + SLOTS)
                && info.contains("cluster_known_nodes:" + nodes.size());
    }

    private static boolean servesSlot(String[] fields, int slot) {
        return IntStream.range(8, fields.length).mapToObj(i -> fields[i])
                .filter(range -> !range.startsWith("["))
                .anyMatch(range -> {
                    int dash = range.indexOf('-');
                    int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
                    int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1));
                    return slot >= from && slot <= to;
                });
    }
}
