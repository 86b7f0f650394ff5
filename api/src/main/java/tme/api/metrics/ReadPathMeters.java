package tme.api.metrics;

import static tme.api.metrics.MeterRow.counter;
import static tme.api.metrics.MeterRow.gauge;

import io.micrometer.core.instrument.Tags;
import java.util.List;

/** The read path's series: cache levels, Redis and its breaker, coalescing and leases, the hit path's copies. */
final class ReadPathMeters {

    private static final String LOOKUPS = "Cache lookups by level and result: an L1 miss goes on to L2, an L2 miss loads";
    private static final String COPIES = "Memory the hit path's ready-made bodies hold, by coding (MEMORY_CACHE_RAW_MB each)";
    private static final String GZIP_READS = "gzip hits by how they found their copy: kept, compressed inline (small),"
            + " or waiting for a compression another request or the copies made ahead started (joined) or they started";
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
                counter("cache.puts", "Values stored in the cache (L1, and L2 when there is one)"),
                counter("cache.l1.checks", "L1 copies of shared values checked against L2 in the background, near the"
                        + " end of their MEMORY_CACHE_MAX_TTL"),
                counter("cache.l1.pushed", "L1 copies replaced at once by a newer value another process wrote to"
                        + " Redis and published (one Redis; not a Cluster)"),
                gauge("cache.l1.entries", "Entries in the in-process cache (L1)"),
                gauge("tme.cache.l1.weight", "Heap the L1 entries retain, against MEMORY_CACHE_MAX_MB", Tags.empty(),
                        "cache.l1.weight_bytes").inBytes(),
                gauge("tme.body.copies", COPIES, Tags.of("coding", "identity"), "http.copies.identity_bytes").inBytes(),
                gauge("tme.body.copies", COPIES, Tags.of("coding", "zstd"), "http.copies.zstd_bytes").inBytes(),
                gauge("tme.body.copies", COPIES, Tags.of("coding", "gzip"), "http.copies.gzip_bytes").inBytes(),
                counter("tme.body.gzip.reads", GZIP_READS, Tags.of("found", "kept"), "http.copies.gzip.reads.kept"),
                counter("tme.body.gzip.reads", GZIP_READS, Tags.of("found", "made_inline"),
                        "http.copies.gzip.reads.made_inline"),
                counter("tme.body.gzip.reads", GZIP_READS, Tags.of("found", "joined"), "http.copies.gzip.reads.joined"),
                counter("tme.body.gzip.reads", GZIP_READS, Tags.of("found", "started"),
                        "http.copies.gzip.reads.started"),
                counter("tme.redis.command.failures", REDIS_FAILURES, Tags.of("reason", "error"), "redis.errors"),
                counter("tme.redis.command.failures", REDIS_FAILURES, Tags.of("reason", "timeout"), "redis.timeouts"),
                counter("redis.bypassed", "Redis commands not sent because the breaker was open"),
                counter("redis.pool.waits", "Redis commands that found every pooled connection busy until their"
                        + " deadline (REDIS_POOL_SIZE)"),
                counter("redis.changes.subscribed", "Times this process subscribed to the fleet's channel of written"
                        + " values: 1, plus one per reconnection"),
                counter("redis.changes.received", "Messages on the fleet's channel of written values, this process's"
                        + " own included"),
                counter("redis.unreadable.values", "Values read from Redis that no reader could decode"),
                counter("redis.wipes", "Times this server found Redis had lost its data (restarted empty, flushed)"
                        + " and put back the state it keeps for the fleet"),
                gauge("redis.breaker.state", "Redis breaker: 0 closed, 1 half open (probing), 2 open (bypassed)"),
                counter("tme.redis.breaker.transitions", TRANSITIONS, Tags.of("to", "open"), "redis.breaker.opened"),
                counter("tme.redis.breaker.transitions", TRANSITIONS, Tags.of("to", "half_open"),
                        "redis.breaker.half_opened"),
                counter("tme.redis.breaker.transitions", TRANSITIONS, Tags.of("to", "closed"), "redis.breaker.closed"),
                counter("coalescing.loads", "Loads run in this process (each a t.me request or a shared answer)"),
                counter("tme.coalescing.joins", "Requests that joined a load already running here (single-flight)",
                        Tags.empty(), "coalescing.coalesced"),
                counter("tme.pages.joins", "Requests that joined another route's load of the same t.me page",
                        Tags.empty(), "pages.coalesced"),
                gauge("coalescing.loads_in_flight", "Loads and refreshes running in this process now"),
                gauge("coalescing.waiting", "Requests waiting for a load now (at most MAX_WAITING_REQUESTS)"),
                counter("coalescing.lease.taken", "Redis leases taken: this process loads for the fleet"),
                counter("coalescing.lease.waits", "Loads that waited for another process's lease"),
                counter("coalescing.lease.takeovers", "Leases taken over after waiting (the holder gave up or died)"),
                counter("coalescing.lease.wait_timeouts", "Lease waits that ran out and loaded here"),
                counter("coalescing.lease.shared_failures", "Failures received from another process's lease"),
                counter("coalescing.lease.lost", "Leases that lapsed while loading"),
                counter("coalescing.takeover_answers", "Loads of ours answered by a value another process stored"
                        + " meanwhile (our lease lapsed, maxWait passed, or our load failed)"),
                counter("coalescing.lease.renewals_unreached", "Lease renewals that could not reach Redis"),
                counter("coalescing.local_fallbacks", "Loads done without a lease because Redis was unavailable"),
                counter("coalescing.refreshes.started", "Background refreshes begun (early, stale, refresher)"),
                counter("coalescing.refreshes.early", "Early refreshes: a fresh hit in EARLY_REFRESH_WINDOW"),
                counter("coalescing.refreshes.failed", "Background refreshes that failed (the old value stays)"),
                counter("tme.coalescing.stale.answers", STALE, Tags.of("reason", "revalidating"),
                        "coalescing.stale.served"),
                counter("tme.coalescing.stale.answers", STALE, Tags.of("reason", "error"), "coalescing.stale.if_error"),
                counter("coalescing.errors.remembered", "Answers from the per-key error memo (UPSTREAM_ERROR_TTL)"),
                counter("coalescing.shed", "Requests answered at once because MAX_WAITING_REQUESTS already waited"),
                counter("coalescing.raised", "Background loads raised to a reader's priority by a reader joining"),
                counter("channels.missing.answered", "Loads answered from a channel's cached \"not found\""));
    }

    static List<MeterFamily> families() {
        return List.of(new MeterFamily("http.requests.event_loop.", MeterRow.Kind.COUNTER,
                "tme.http.event_loop.requests", "Requests routed by each event loop's server (EVENT_LOOPS)", "loop"));
    }
}
