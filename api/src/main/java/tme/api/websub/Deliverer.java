package tme.api.websub;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.UUID;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * Takes the subscriptions that are due ({@link HubStore#claim}: one server each, for {@code WEBSUB_DELIVERY_LEASE})
 * and makes their {@link Delivery}, at most {@value #MAX_IN_FLIGHT} at a time on this server. A subscriber that fails
 * waits in the store for its backoff, holding nothing here: a dead one costs one attempt per backoff and never keeps
 * the others waiting. Claims every {@link #ROUND}, and at once when a post made subscriptions due here or a delivery
 * ended. Every field is touched on its own context.
 */
final class Deliverer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Deliverer.class.getName());
    static final Duration ROUND = Duration.ofMillis(250);
    /** POSTs in flight on this server at most (each ends within {@code WEBSUB_TIMEOUT}). */
    static final int MAX_IN_FLIGHT = 32;

    private final Vertx vertx;
    private final Context context;
    private final HubStore store;
    private final Delivery delivery;
    private final Duration lease;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;
    // Failures to claim (each round while Redis is down): one line a minute.
    private final RepeatLog failures;
    private final long rounds;
    private int inFlight;
    private boolean claiming;

    Deliverer(Vertx vertx, HubStore store, Delivery delivery, Duration lease, InstantSource clock,
              Counters<WebSubCount> counts) {
        this.vertx = vertx;
        this.context = vertx.getOrCreateContext();
        this.store = store;
        this.delivery = delivery;
        this.lease = lease;
        this.clock = clock;
        this.counts = counts;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.rounds = vertx.setPeriodic(ROUND.toMillis(), id -> context.runOnContext(v -> claim()));
    }

    /** Deliveries this server is making now. */
    int inFlight() {
        return inFlight;
    }

    /** Claims now (some subscriptions were just made due), rather than at the next round. */
    void nudge() {
        context.runOnContext(v -> claim());
    }

    private void claim() {
        if (claiming || inFlight >= MAX_IN_FLIGHT) {
            return;
        }
        claiming = true;
        Instant now = clock.instant();
        store.claim(MAX_IN_FLIGHT - inFlight, now, now.plus(lease), UUID.randomUUID().toString())
                .onComplete(claimed -> context.runOnContext(v -> {
                    claiming = false;
                    if (claimed.failed()) {
                        failures.warn("Could not claim WebSub deliveries", claimed.cause());
                        return;
                    }
                    start(claimed.result());
                }));
    }

    private void start(List<Claim> claims) {
        for (Claim claim : claims) {
            if (claim.takenOver()) {
                counts.increment(WebSubCount.RECLAIMED);
            }
            inFlight++;
            delivery.run(claim).onComplete(done -> context.runOnContext(v -> {
                inFlight--;
                claim(); // its subscription may be due again at once (more entries), or others wait for room
            }));
        }
    }

    @Override
    public void close() {
        vertx.cancelTimer(rounds);
    }
}
