package tme.api.websub;

import io.vertx.core.Future;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the hub keeps its subscriptions, each subscription's cursors (per channel, the last position of the channel's
 * event log its subscriber acknowledged) and when each is to be delivered next: Redis for a fleet
 * ({@link RedisHubStore}), memory for one server ({@link LocalHubStore}). A subscription is delivered by one server
 * at a time: the one holding its claim, which ends with its lease (then another takes it over). Cursors only move
 * forward.
 */
interface HubStore {

    /**
     * Stores (or renews) {@code subscription} within the bounds, with {@code cursors} (channel to position) where it
     * has none yet: {@code ok}, {@code topic_full} or {@code host_full}.
     */
    Future<String> subscribe(Subscription subscription, Map<String, String> cursors, int maxPerTopic, int maxPerHost);

    Future<Void> unsubscribe(Subscription subscription);

    /** Every subscription (the expiry sweep reads them; every server keeps the last copy to put them back). */
    Future<List<Subscription>> all();

    /** The channels some subscription listens to. */
    Future<Set<String>> channels();

    /** A new post in {@code channel}: its subscriptions are due at {@code now} (or keep a later time). How many. */
    Future<Integer> due(String channel, Instant now);

    /** Up to {@code max} subscriptions due by {@code now}, claimed under {@code token} until {@code leaseEnd}. */
    Future<List<Claim>> claim(int max, Instant now, Instant leaseEnd, String token);

    /** {@code subscription}'s cursors, channel to position ({@link tme.events.Entry#START} where it has none). */
    Future<Map<String, String>> cursors(Subscription subscription);

    /** Whether {@code claim} is still this server's (then its lease runs to {@code leaseEnd}): checked before sending. */
    Future<Boolean> hold(Claim claim, Instant leaseEnd);

    /**
     * Ends {@code claim}'s delivery: its cursors move to {@code cursors} where later, and it is due again at {@code
     * now} if {@code more} entries wait or a post came meanwhile. False when the claim was no longer this server's.
     */
    Future<Boolean> finish(Claim claim, Map<String, String> cursors, boolean more, Instant now);

    /** {@code claim}'s delivery failed: due again at {@code at}, failing since then with that many attempts. */
    Future<Boolean> retry(Claim claim, Instant at, long failingSince, int attempts);
}
