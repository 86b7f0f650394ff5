package tme.api.push;

import java.time.Duration;

/**
 * The SSE streams' bounds.
 *
 * @param maxClients   streams one server keeps open at most ({@code STREAM_MAX_CLIENTS}); past it, 503
 * @param maxPerClient streams one client (as {@code TRUSTED_PROXIES} names it) keeps open at most
 *                     ({@code STREAM_MAX_PER_CLIENT}); past it, 429
 * @param heartbeat    how often an idle stream sends a comment, so proxies keep it open ({@code STREAM_HEARTBEAT})
 * @param catchUp      events at most sent to a client resuming with {@code Last-Event-ID}, per channel (the log's cap)
 */
public record StreamsConfig(int maxClients, int maxPerClient, Duration heartbeat, int catchUp) {
    public StreamsConfig {
        if (maxClients < 1 || maxPerClient < 1 || catchUp < 1) {
            throw new IllegalArgumentException("stream limits must be positive");
        }
        if (!heartbeat.isPositive()) {
            throw new IllegalArgumentException("STREAM_HEARTBEAT must be positive: " + heartbeat);
        }
    }
}
