package tme.api.websub;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.UUID;
import tme.api.push.PushLoop;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * Takes the subscriptions that are due ({@link HubStore#claim}: one server each, for {@code WEBSUB_DELIVERY_LEASE})
 * and makes their {@link Delivery}, at most {@value #MAX_IN_FLIGHT} at a time on this server. A subscriber that fails
 * waits in the store for its backoff, holding nothing here: a dead one costs one attempt per backoff and never keeps
 * the others waiting. Claims every {@link #ROUND}, and at once when a post made subscriptions due here or a delivery
 * ended. Runs on the push context ({@link PushLoop}), which guards {@code claiming} and {@code inFlight}: both are
 * written there only; the metrics scrape reads {@code inFlight} from its own thread, through the volatile.
 */
final class Deliverer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Deliverer.class.getName());
    static final Duration ROUND = Duration.ofMillis(250);
    /** POSTs in flight on this server at most (each ends within {@code WEBSUB_TIMEOUT}). */
    static final int MAX_IN_FLIGHT = 32;

    private final Vertx vertx;
    private final PushLoop loop;
    private final HubStore store;
    private final Delivery delivery;
    private final Duration lease;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;
    // Failures to claim (each round while Redis is down): one line a minute.
    private final RepeatLog failures;
    private final long rounds;
    // Written on the push context only; volatile for the scrape's reads.
    private volatile int inFlight;
    // On the push context only.
    private boolean claiming;

    Deliverer(Vertx vertx, PushLoop loop, HubStore store, Delivery delivery, Duration lease, InstantSource clock,
              Counters<WebSubCount> counts) {
        this.vertx = vertx;
        this.loop = loop;
        this.store = store;
        this.delivery = delivery;
        this.lease = lease;
        this.clock = clock;
        this.counts = counts;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.rounds = vertx.setPeriodic(ROUND.toMillis(), id -> loop.run(this::claim));
    }

    /** Deliveries this server is making now. */
    int inFlight() {
        return inFlight;
    }

    /** Claims now (some subscriptions were just made due), rather than at the next round. */
    void nudge() {
        loop.run(this::claim);
    }

    private void claim() {
        assert loop.owns() : "Deliverer off the push context";
        if (claiming || inFlight >= MAX_IN_FLIGHT) {
            return;
        }
        claiming = true;
        Instant now = clock.instant();
        store.claim(MAX_IN_FLIGHT - inFlight, now, now.plus(lease), UUID.randomUUID().toString())
                .onComplete(claimed -> loop.run(() -> {
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
            delivery.run(claim).onComplete(done -> loop.run(() -> {
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
