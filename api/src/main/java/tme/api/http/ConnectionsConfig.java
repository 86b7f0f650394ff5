package tme.api.http;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a connection may take over each part of an exchange, and how many may be open: what keeps a slow or
 * greedy client from pinning the server's connections ({@link ConnectionBounds}).
 *
 * @param idleTimeout   between requests, and while an answer is written, the longest time with nothing read or
 *                      written ({@code HTTP_IDLE_TIMEOUT}, 60s); SSE streams are exempt (their heartbeat is theirs)
 * @param headTimeout   the request line and headers must be in within this of the connection's opening, or of the
 *                      first byte of the next request on a kept-alive connection ({@code HTTP_HEAD_TIMEOUT}, 10s)
 * @param bodyTimeout   a request's body must be in within this of its head ({@code HTTP_BODY_TIMEOUT}, 30s)
 * @param maxConnections        connections this process keeps open at once ({@code MAX_CONNECTIONS}, 16384)
 * @param maxConnectionsPerAddress connections one peer address keeps open at once, an IPv6 peer counted by its /64
 *                              ({@code MAX_CONNECTIONS_PER_ADDRESS}, 256); peers in {@code TRUSTED_PROXIES} only
 *                              count against {@code maxConnections}: a proxy carries many clients
 */
public record ConnectionsConfig(Duration idleTimeout, Duration headTimeout, Duration bodyTimeout, int maxConnections,
                                int maxConnectionsPerAddress) {

    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration DEFAULT_HEAD_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_CONNECTIONS = 16_384;
    public static final int DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;
    /** Deadlines are looked at every tenth of the shortest, but not more often than this... */
    private static final Duration FINEST_TICK = Duration.ofMillis(10);
    /** ...nor less often than this. */
    private static final Duration COARSEST_TICK = Duration.ofSeconds(1);

    public ConnectionsConfig {
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(headTimeout, "headTimeout");
        Objects.requireNonNull(bodyTimeout, "bodyTimeout");
        if (maxConnections < 1 || maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException("MAX_CONNECTIONS and MAX_CONNECTIONS_PER_ADDRESS must be at least 1: "
                    + maxConnections + ", " + maxConnectionsPerAddress);
        }
    }

    public static ConnectionsConfig defaults() {
        return new ConnectionsConfig(DEFAULT_IDLE_TIMEOUT, DEFAULT_HEAD_TIMEOUT, DEFAULT_BODY_TIMEOUT,
                DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    }

    /**
     * How often each event loop looks at its connections' deadlines: a tenth of the shortest (1 s by default), so a
     * deadline is enforced at most two ticks late (a phase's start is read from the loop's tick-old clock).
     */
    Duration tick() {
        Duration shortest = idleTimeout;
        if (headTimeout.compareTo(shortest) < 0) {
            shortest = headTimeout;
        }
        if (bodyTimeout.compareTo(shortest) < 0) {
            shortest = bodyTimeout;
        }
        Duration tenth = shortest.dividedBy(10);
        if (tenth.compareTo(FINEST_TICK) < 0) {
            return FINEST_TICK;
        }
        return tenth.compareTo(COARSEST_TICK) > 0 ? COARSEST_TICK : tenth;
    }
}
