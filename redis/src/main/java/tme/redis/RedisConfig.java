package tme.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How to reach Redis and when to stop asking it. Invalid values are rejected with the name of the environment
 * variable the api reads them from.
 *
 * @param url            e.g. {@code redis://127.0.0.1:6379}, or several comma-separated nodes of a Redis Cluster
 *                       ({@code REDIS_URL})
 * @param cluster        the cluster mode even for a single URL, then a seed from which the client learns the other
 *                       nodes ({@code REDIS_CLUSTER}); several URLs always mean a cluster
 * @param timeout        deadline of every command, waiting for a connection included ({@code REDIS_TIMEOUT})
 * @param poolSize       pooled connections ({@code REDIS_POOL_SIZE}); on a cluster, commands at once across all
 *                       nodes (each node's pool holds one more, for the cluster client's own topology reads)
 * @param breakerErrors  consecutive errors that open the breaker
 * @param breakerWindow  ... when they all happened within this window
 * @param breakerOpenFor how long an open breaker bypasses Redis before letting one probe through
 * @param startGrace     until Redis first answers, and for at most this long after start, a command may wait this
 *                       long and its failure does not count towards opening the breaker ({@code REDIS_START_GRACE};
 *                       zero: none): a process starting on a loaded machine is slow, not Redis
 */
public record RedisConfig(String url, boolean cluster, Duration timeout, int poolSize, int breakerErrors,
                          Duration breakerWindow, Duration breakerOpenFor, Duration startGrace) {

    /**
     * Thirty seconds: three JVMs started together on two busy cores (load 15 to 20) took 5 to 12 s from making the
     * link to Redis's first answer, almost all of it loading classes and connecting.
     */
    public static final Duration DEFAULT_START_GRACE = Duration.ofSeconds(30);

    public RedisConfig {
        Objects.requireNonNull(url, "url");
        List<String> nodes = nodes(url);
        if (cluster || nodes.size() > 1) {
            nodes.forEach(RedisConfig::requireClusterNode);
        } else {
            require(url.startsWith("redis://") || url.startsWith("rediss://") || url.startsWith("unix://"),
                    "REDIS_URL must start with redis://, rediss:// or unix://: " + url);
        }
        requirePositive(timeout, "REDIS_TIMEOUT");
        require(poolSize > 0, "REDIS_POOL_SIZE must be positive: " + poolSize);
        require(breakerErrors > 0, "breakerErrors must be positive: " + breakerErrors);
        requirePositive(breakerWindow, "breakerWindow");
        requirePositive(breakerOpenFor, "breakerOpenFor");
        Objects.requireNonNull(startGrace, "REDIS_START_GRACE");
        require(!startGrace.isNegative(), "REDIS_START_GRACE must not be negative: " + startGrace);
    }

    /** With the default start-up grace. */
    public RedisConfig(String url, boolean cluster, Duration timeout, int poolSize, int breakerErrors,
                       Duration breakerWindow, Duration breakerOpenFor) {
        this(url, cluster, timeout, poolSize, breakerErrors, breakerWindow, breakerOpenFor, DEFAULT_START_GRACE);
    }

    /** Without {@code REDIS_CLUSTER}: one Redis, unless {@code url} names several nodes. */
    public RedisConfig(String url, Duration timeout, int poolSize, int breakerErrors, Duration breakerWindow,
                       Duration breakerOpenFor) {
        this(url, false, timeout, poolSize, breakerErrors, breakerWindow, breakerOpenFor, DEFAULT_START_GRACE);
    }

    /** The URLs {@code REDIS_URL} names, in order: one server, or a cluster's seed nodes. */
    public List<String> nodes() {
        return nodes(url);
    }

    /** Whether the client runs in cluster mode: {@code REDIS_CLUSTER=true}, or several nodes. */
    public boolean clustered() {
        return cluster || nodes().size() > 1;
    }

    private static List<String> nodes(String url) {
        return Arrays.stream(url.split(",", -1)).map(String::trim).toList();
    }

    /** A cluster has one database (0) and no unix sockets between its nodes. */
    private static void requireClusterNode(String node) {
        require(node.startsWith("redis://") || node.startsWith("rediss://"),
                "REDIS_URL: every node of a Redis Cluster must start with redis:// or rediss://: '" + node + "'");
        String path;
        try {
            path = new URI(node).getPath();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("REDIS_URL: not a URL: " + node, e);
        }
        require(path == null || path.isEmpty() || path.equals("/") || path.equals("/0"),
                "REDIS_URL: a Redis Cluster has database 0 only: " + node);
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        require(duration.isPositive(), name + " must be positive: " + duration);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
