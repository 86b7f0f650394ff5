/**
 * The one gate in front of upstream, generic in what it calls: {@link tme.coalescing.gate.UpstreamGate} composes
 * <ul>
 *   <li>{@link tme.coalescing.gate.UpstreamSlots}: per process, at most {@code maxConcurrency} calls in flight,
 *       free slots round-robin between waiting clients, then between each client's flows, one flow at most three quarters, background at most half
 *       and only while no reader waits, bounded queues that refuse at once ({@link tme.coalescing.gate.Refusal});</li>
 *   <li>{@link tme.coalescing.gate.UpstreamThrottle}: fleet-wide, a cooldown after upstream asks for a pause
 *       ({@link tme.coalescing.gate.Signal}: Retry-After, else exponential backoff with full jitter), a ramp back
 *       to full rate, and a continuous GCRA budget, in Redis (one script, Redis's clock) with a local bucket of the
 *       same shape when Redis cannot be asked; and each client's share of it ({@link tme.coalescing.gate.ClientShare}),
 *       a bucket per client in the same script, refused at once when spent.</li>
 * </ul>
 * Callers hand in a {@link tme.coalescing.LoadContext} (client, flow, priority, raisable) and read a
 * {@link tme.coalescing.gate.Passage}: through with upstream's answer, or refused with a Retry-After. What an answer
 * means (a 429, a proxy's page) is the caller's to say: nothing here knows t.me.
 */
package tme.coalescing.gate;
