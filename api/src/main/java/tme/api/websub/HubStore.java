package tme.api.websub;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the hub keeps its subscriptions and the deliveries it owes: Redis for a fleet ({@link RedisHubStore}: any
 * server takes a subscription, a consumer group hands each delivery to one server, a dead server's deliveries are
 * taken over after {@code WEBSUB_DELIVERY_LEASE}), memory for one server ({@link LocalHubStore}).
 */
interface HubStore {

    /** Stores (or renews) {@code subscription} within the bounds: {@code ok}, {@code topic_full} or {@code host_full}. */
    Future<String> subscribe(Subscription subscription, int maxPerTopic, int maxPerHost);

    Future<Void> unsubscribe(Subscription subscription);

    Future<Optional<Subscription>> subscription(String id);

    /** Every subscription (the expiry sweep reads them). */
    Future<List<Subscription>> all();

    /** The channels some subscription listens to. */
    Future<Set<String>> channels();

    /**
     * Queues one delivery per subscription of {@code channel} for its new post, once for the fleet however many
     * servers offer it: how many, or -1 when they were queued already.
     */
    Future<Integer> fanOut(String channel, long post, String entryId);

    /** Up to {@code max} new deliveries for {@code consumer} to make. */
    Future<List<Job>> take(String consumer, int max);

    /** Up to {@code max} deliveries another consumer took and gave no sign of life for {@code idle}: now {@code consumer}'s. */
    Future<List<Job>> reclaim(String consumer, Duration idle, int max);

    /** {@code consumer} still holds {@code jobs} (resets their idle time). */
    Future<Void> renew(String consumer, List<Job> jobs);

    /** {@code jobs} are finished (delivered, given up, or for a subscription gone). */
    Future<Void> done(List<Job> jobs);
}
