package tme.api.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;
import tme.api.metrics.RouteTemplates;
import tme.api.problem.Problem;

/**
 * The optional per-client limit ({@code CLIENT_RATE} requests per second, {@code CLIENT_BURST} at once): past it, a
 * 429 {@code client_rate_limited} with {@code Retry-After} (the seconds until the client's next token), in the one
 * problem shape, with the CORS headers (this handler runs after CORS). Health, readiness, metrics and the docs
 * (OpenAPI, Swagger UI, GraphiQL) are never limited. A refused request costs no t.me request and no cache lookup.
 *
 * <p>A client is an IPv4 address, or an IPv6 /64 (one subscriber's usual share: per address, one machine could
 * take 2^64 buckets). Buckets live in a bounded Caffeine cache: one idle long enough to be full again is forgotten,
 * losing nothing; past {@link #MAX_CLIENTS} the least useful go first, so memory stays bounded under a flood of
 * addresses (a forgotten client starts again with a full bucket).
 */
public final class ClientLimits implements Handler<RoutingContext> {

    /** Buckets kept at most: some 200 bytes each with the cache's own, about 13 MB. */
    static final int MAX_CLIENTS = 65_536;

    private final ClientAddresses clients;
    private final InstantSource clock;
    private final Cache<String, ClientBucket> buckets;
    private final Function<String, ClientBucket> newBucket;
    private final LongAdder limited = new LongAdder();

    ClientLimits(ClientAddresses clients, InstantSource clock, double rate, int burst) {
        this.clients = clients;
        this.clock = clock;
        this.newBucket = client -> new ClientBucket(rate, burst);
        long refill = new ClientBucket(rate, burst).refillNanos();
        this.buckets = Caffeine.newBuilder()
                .executor(Runnable::run) // upkeep on the loop that asked: no pool thread woken per few hundred hits
                .maximumSize(MAX_CLIENTS)
                .expireAfterAccess(Math.max(refill, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS)
                .ticker(() -> nanos(clock.instant()))
                .build();
    }

    /**
     * This limit as a handler sparing the paths {@code exempt} names (the route table's exemptions: health, readiness,
     * metrics and the docs, which an operator or a browser reading the docs needs whatever a client did), judged on
     * the path as the router matches it (normalized, so {@code /docs/../v1/body/x} is not exempt).
     */
    Handler<RoutingContext> sparing(Predicate<String> exempt) {
        return ctx -> {
            if (exempt.test(RouteTemplates.normalizedPath(ctx))) {
                ctx.next();
            } else {
                handle(ctx);
            }
        };
    }

    @Override
    public void handle(RoutingContext ctx) {
        long wait = buckets.get(key(clients.remembered(ctx)), newBucket).take(nanos(clock.instant()));
        if (wait == 0) {
            ctx.next();
        } else {
            limited.increment();
            Responses.problem(ctx, Problem.clientRateLimited(Duration.ofNanos(wait)));
        }
    }

    /** {@code clients.limited} (429s answered), {@code clients.tracked} (buckets held now, a gauge). */
    public Map<String, Long> counters() {
        return Map.of("clients.limited", limited.sum(), "clients.tracked", buckets.estimatedSize());
    }

    /** An IPv4 address, or the /64 of an IPv6 one; anything unreadable (no socket address) as it is. */
    static String key(String client) {
        if (client.indexOf(':') < 0) {
            return client; // IPv4 as the socket or IpAddresses wrote it: already one text per address
        }
        byte[] address = IpAddresses.parse(client);
        if (address == null || address.length == 4) {
            return client;
        }
        byte[] network = new byte[16];
        System.arraycopy(address, 0, network, 0, 8);
        return IpAddresses.format(network) + "/64";
    }

    private static long nanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }
}
