package tme.api.http;

import java.util.Objects;

/**
 * How requests are told apart and held back.
 *
 * @param accessLog      one line per request to standard output ({@code ACCESS_LOG}, default true)
 * @param trustedProxies whose {@code CF-Connecting-IP} and {@code X-Forwarded-For} name the client
 *                       ({@code TRUSTED_PROXIES}, default none: the TCP peer is the client)
 * @param clientRate     requests per second per client ({@code CLIENT_RATE}); 0, the default, is no limit
 * @param clientBurst    requests a client may send at once on top of the rate ({@code CLIENT_BURST}, default twice
 *                       the rate)
 */
public record RequestsConfig(boolean accessLog, TrustedProxies trustedProxies, double clientRate, int clientBurst) {

    public RequestsConfig {
        Objects.requireNonNull(trustedProxies, "trustedProxies");
        if (clientRate < 0) {
            throw new IllegalArgumentException("CLIENT_RATE must not be negative: " + clientRate);
        }
        if (clientBurst < 1) {
            throw new IllegalArgumentException("CLIENT_BURST must be at least 1: " + clientBurst);
        }
    }

    /** The burst when none is set: two seconds' worth of the rate, at least one request. */
    public static int defaultBurst(double rate) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.ceil(2 * rate)));
    }

    public static RequestsConfig defaults() {
        return new RequestsConfig(true, TrustedProxies.none(), 0, 1);
    }

    public boolean clientLimited() {
        return clientRate > 0;
    }
}
