package tme.coalescing;

import io.vertx.core.Vertx;
import java.time.InstantSource;
import tme.cache.TwoLevelCache;
import tme.redis.Counters;

/** What every {@link LeasedLoad} of one {@link CoalescingCache} works with. */
record Parts(TwoLevelCache cache, Leases leases, CoalescingConfig config, InstantSource clock, Vertx vertx,
             Counters<Count> counts) {}
