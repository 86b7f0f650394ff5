package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The read path's series: cache levels, Redis and its breaker, coalescing and leases, the hit path's copies. */
final class ReadPathMeters {

    private static final String LOOKUPS = "Cache lookups by level and result: an L1 miss goes on to L2, an L2 miss loads";
    private static final String COPIES = "Memory the hit path's ready-made bodies hold, by coding (MEMORY_CACHE_RAW_MB each)";
    private static final String REDIS_FAILURES = "Redis commands that failed: connection errors and missed deadlines";
    private static final String TRANSITIONS = "Redis breaker transitions, by the state entered";
    private static final String STALE = "Stale answers: within STALE_WHILE_REVALIDATE (revalidating), or for a failed load (error)";

    private ReadPathMeters() {}

    static List<MeterRow> rows() {
        return List.of(
                counter("tme.cache.lookups", LOOKUPS, Tags.of("level", "l1", "result", "hit"), "cache.l1.hits"),
                counter("tme.cache.lookups", LOOKUPS, Tags.of("level", "l1", "result", "miss"),
                        "cache.l2.hits", "cache.misses"),
                counter("tme.cache.lookups", LOOKUPS, Tags.of("level", "l2", "result", "hit"), "cache.l2.hits"),
                counter("tme.cache.lookups", LOOKUPS, Tags.of("level", "l2", "result", "miss"), "cache.misses"),
                counter("tme.cache.puts", "Values stored in the cache (L1, and L2 when there is one)", Tags.empty(),
                        "cache.puts"),
                gauge("tme.cache.l1.entries", "Entries in the in-process cache (L1)", Tags.empty(), "cache.l1.entries"),
                gauge("tme.cache.l1.weight", "Heap the L1 entries retain, against MEMORY_CACHE_MAX_MB", Tags.empty(),
                        "cache.l1.weight_bytes").inBytes(),
                gauge("tme.body.copies", COPIES, Tags.of("coding", "identity"), "http.copies.identity_bytes").inBytes(),
                gauge("tme.body.copies", COPIES, Tags.of("coding", "zstd"), "http.copies.zstd_bytes").inBytes(),
                gauge("tme.body.copies", COPIES, Tags.of("coding", "gzip"), "http.copies.gzip_bytes").inBytes(),
                counter("tme.redis.command.failures", REDIS_FAILURES, Tags.of("reason", "error"), "redis.errors"),
                counter("tme.redis.command.failures", REDIS_FAILURES, Tags.of("reason", "timeout"), "redis.timeouts"),
                counter("tme.redis.bypassed", "Redis commands not sent because the breaker was open", Tags.empty(),
                        "redis.bypassed"),
                counter("tme.redis.pool.waits", "Redis commands that found every pooled connection busy until their"
                        + " deadline (REDIS_POOL_SIZE)", Tags.empty(), "redis.pool.waits"),
                counter("tme.redis.unreadable.values", "Values read from Redis that no reader could decode",
                        Tags.empty(), "redis.unreadable.values"),
                gauge("tme.redis.breaker.state", "Redis breaker: 0 closed, 1 half open (probing), 2 open (bypassed)",
                        Tags.empty(), "redis.breaker.state"),
                counter("tme.redis.breaker.transitions", TRANSITIONS, Tags.of("to", "open"), "redis.breaker.opened"),
                counter("tme.redis.breaker.transitions", TRANSITIONS, Tags.of("to", "half_open"),
                        "redis.breaker.half_opened"),
                counter("tme.redis.breaker.transitions", TRANSITIONS, Tags.of("to", "closed"), "redis.breaker.closed"),
                counter("tme.coalescing.loads", "Loads run in this process (each a t.me request or a shared answer)",
                        Tags.empty(), "coalescing.loads"),
                counter("tme.coalescing.joins", "Requests that joined a load already running here (single-flight)",
                        Tags.empty(), "coalescing.coalesced"),
                counter("tme.pages.joins", "Requests that joined another route's load of the same t.me page",
                        Tags.empty(), "pages.coalesced"),
                gauge("tme.coalescing.loads_in_flight", "Loads and refreshes running in this process now", Tags.empty(),
                        "coalescing.loads_in_flight"),
                gauge("tme.coalescing.waiting", "Requests waiting for a load now (at most MAX_WAITING_REQUESTS)",
                        Tags.empty(), "coalescing.waiting"),
                counter("tme.coalescing.lease.taken", "Redis leases taken: this process loads for the fleet",
                        Tags.empty(), "coalescing.lease.taken"),
                counter("tme.coalescing.lease.waits", "Loads that waited for another process's lease", Tags.empty(),
                        "coalescing.lease.waits"),
                counter("tme.coalescing.lease.takeovers", "Leases taken over after waiting (the holder gave up or died)",
                        Tags.empty(), "coalescing.lease.takeovers"),
                counter("tme.coalescing.lease.wait_timeouts", "Lease waits that ran out and loaded here", Tags.empty(),
                        "coalescing.lease.wait_timeouts"),
                counter("tme.coalescing.lease.shared_failures", "Failures received from another process's lease",
                        Tags.empty(), "coalescing.lease.shared_failures"),
                counter("tme.coalescing.lease.lost", "Leases that lapsed while loading", Tags.empty(),
                        "coalescing.lease.lost"),
                counter("tme.coalescing.lease.renewals_unreached", "Lease renewals that could not reach Redis",
                        Tags.empty(), "coalescing.lease.renewals_unreached"),
                counter("tme.coalescing.local_fallbacks", "Loads done without a lease because Redis was unavailable",
                        Tags.empty(), "coalescing.local_fallbacks"),
                counter("tme.coalescing.refreshes.started", "Background refreshes begun (early, stale, refresher)",
                        Tags.empty(), "coalescing.refreshes.started"),
                counter("tme.coalescing.refreshes.early", "Early refreshes: a fresh hit in EARLY_REFRESH_WINDOW",
                        Tags.empty(), "coalescing.refreshes.early"),
                counter("tme.coalescing.refreshes.failed", "Background refreshes that failed (the old value stays)",
                        Tags.empty(), "coalescing.refreshes.failed"),
                counter("tme.coalescing.stale.answers", STALE, Tags.of("reason", "revalidating"),
                        "coalescing.stale.served"),
                counter("tme.coalescing.stale.answers", STALE, Tags.of("reason", "error"), "coalescing.stale.if_error"),
                counter("tme.coalescing.errors.remembered", "Answers from the per-key error memo (UPSTREAM_ERROR_TTL)",
                        Tags.empty(), "coalescing.errors.remembered"),
                counter("tme.coalescing.shed", "Requests answered at once because MAX_WAITING_REQUESTS already waited",
                        Tags.empty(), "coalescing.shed"),
                counter("tme.coalescing.raised", "Background loads raised to a reader's priority by a reader joining",
                        Tags.empty(), "coalescing.raised"),
                counter("tme.channels.missing.answered", "Loads answered from a channel's cached \"not found\"",
                        Tags.empty(), "channels.missing.answered"));
    }

    static List<MeterFamily> families() {
        return List.of(new MeterFamily("http.requests.event_loop.", MeterRow.Kind.COUNTER,
                "tme.http.event_loop.requests", "Requests routed by each event loop's server (EVENT_LOOPS)", "loop"));
    }
}
