/**
 * Request coalescing, generic in keys and bytes: identical concurrent requests do the work once, in this
 * process and across processes sharing Redis, and hot keys are reloaded ahead of expiry.
 *
 * <p>Entry point: {@link tme.coalescing.CoalescingCache#get(String, String, Loader)} over the cache module's
 * {@link tme.cache.TwoLevelCache}. The parts, each testable alone:
 * <ul>
 *   <li>{@link tme.coalescing.SingleFlight}: one in-flight load per key in this process;</li>
 *   <li>{@link tme.coalescing.Leases}: one load per key across processes (a Lua lease in Redis that also reads
 *       the cached value), or {@link tme.coalescing.Leases#none()};</li>
 *   <li>{@link tme.coalescing.Freshness}: each entry's deterministic refresh point and trimmed lifetime;</li>
 *   <li>stale answers (the cache's {@link tme.cache.Staleness}), a per-key memo of failed loads
 *       ({@code ErrorMemo}) and a bound on waiting callers ({@code Waiting}, answering
 *       {@link tme.coalescing.Result.Shed}).</li>
 * </ul>
 * Every read names who asked, an {@link tme.coalescing.Asker} (the client a load is charged to, the flow it belongs
 * to; {@link tme.coalescing.Asker#background} for work nobody asked for just now), never filled in by default.
 * A {@link tme.coalescing.Loader} gets a {@link tme.coalescing.LoadContext}: the key, who asked, its
 * {@link tme.coalescing.Priority} (a reader's or background, raised when a reader joins) and the value a refresh
 * replaces; the upstream gate in {@code tme.coalescing.gate} shares its slots by them. Loads answer {@link tme.coalescing.Loaded} values (a value to store, or a domain failure that is never
 * cached); callers get a {@link tme.coalescing.Result} saying where the answer came from, and for a load's own
 * callers the loader's {@link tme.coalescing.Timings} of its steps. Time comes from an
 * injected {@link java.time.InstantSource}; only Redis's own expiry and the pauses between polls are real time.
 * Nothing here knows t.me or HTTP.
 */
package tme.coalescing;
