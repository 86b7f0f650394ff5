package tme.api.websub;

import io.vertx.core.Future;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * {@link HubStore} in this process's memory, for one server without Redis: subscriptions in a map, deliveries in a
 * queue. Nothing to take over (one server), so {@link #reclaim} finds nothing and {@link #renew} has nothing to do.
 */
final class LocalHubStore implements HubStore {

    private final InstantSource clock;
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final Queue<Job> queue = new ConcurrentLinkedQueue<>();
    // Posts whose deliveries were queued, kept a while (a post is offered once per load that shows it as new).
    private final Map<String, Boolean> fanned = com.github.benmanes.caffeine.cache.Caffeine.newBuilder()
            .maximumSize(100_000).<String, Boolean>build().asMap();
    private final AtomicLong ids = new AtomicLong();

    LocalHubStore(InstantSource clock) {
        this.clock = clock;
    }

    @Override
    public synchronized Future<String> subscribe(Subscription subscription, int maxPerTopic, int maxPerHost) {
        if (!subscriptions.containsKey(subscription.id())) {
            if (count(s -> s.topic().equals(subscription.topic())) >= maxPerTopic) {
                return Future.succeededFuture("topic_full");
            }
            if (count(s -> s.host().equals(subscription.host())) >= maxPerHost) {
                return Future.succeededFuture("host_full");
            }
        }
        subscriptions.put(subscription.id(), subscription);
        return Future.succeededFuture("ok");
    }

    private long count(java.util.function.Predicate<Subscription> which) {
        return subscriptions.values().stream().filter(which).count();
    }

    @Override
    public Future<Void> unsubscribe(Subscription subscription) {
        subscriptions.remove(subscription.id());
        return Future.succeededFuture();
    }

    @Override
    public Future<Optional<Subscription>> subscription(String id) {
        return Future.succeededFuture(Optional.ofNullable(subscriptions.get(id)));
    }

    @Override
    public Future<List<Subscription>> all() {
        return Future.succeededFuture(List.copyOf(subscriptions.values()));
    }

    @Override
    public Future<Set<String>> channels() {
        return Future.succeededFuture(subscriptions.values().stream().flatMap(s -> s.channels().stream())
                .collect(Collectors.toUnmodifiableSet()));
    }

    @Override
    public Future<Integer> fanOut(String channel, long post, String entryId) {
        if (fanned.putIfAbsent(channel + ":" + post, Boolean.TRUE) != null) {
            return Future.succeededFuture(-1);
        }
        List<Subscription> listening = subscriptions.values().stream().filter(s -> s.channels().contains(channel))
                .toList();
        long now = clock.millis();
        listening.forEach(s -> queue.add(new Job("local-" + ids.incrementAndGet(), s.id(), channel, post, now)));
        return Future.succeededFuture(listening.size());
    }

    @Override
    public Future<List<Job>> take(String consumer, int max) {
        List<Job> taken = new ArrayList<>();
        Job job;
        while (taken.size() < max && (job = queue.poll()) != null) {
            taken.add(job);
        }
        return Future.succeededFuture(taken);
    }

    @Override
    public Future<List<Job>> reclaim(String consumer, Duration idle, int max) {
        return Future.succeededFuture(List.of());
    }

    @Override
    public Future<Void> renew(String consumer, List<Job> jobs) {
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> done(List<Job> jobs) {
        return Future.succeededFuture();
    }
}
