package tme.api.websub;

import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import tme.events.Entry;

/**
 * {@link HubStore} in this process's memory, for one server without Redis, with the same contract as
 * {@link RedisHubStore}'s scripts: each method runs under this object's lock, which guards every map below.
 */
final class LocalHubStore implements HubStore {

    private final Map<String, Subscription> subscriptions = new HashMap<>();
    // "<id>:<channel>" to the last acknowledged position.
    private final Map<String, String> cursors = new HashMap<>();
    // Subscription id to when it is due (epoch millis).
    private final Map<String, Long> due = new HashMap<>();
    private final Map<String, String> claims = new HashMap<>();
    private final Map<String, String> failing = new HashMap<>();
    private final Set<String> dirty = new HashSet<>();

    @Override
    public synchronized Future<String> subscribe(Subscription subscription, Map<String, String> at, int maxPerTopic,
                                                 int maxPerHost) {
        if (!subscriptions.containsKey(subscription.id())) {
            if (count(s -> s.topic().equals(subscription.topic())) >= maxPerTopic) {
                return Future.succeededFuture("topic_full");
            }
            if (count(s -> s.host().equals(subscription.host())) >= maxPerHost) {
                return Future.succeededFuture("host_full");
            }
        }
        subscriptions.put(subscription.id(), subscription);
        subscription.channels().forEach(channel -> cursors.putIfAbsent(field(subscription.id(), channel),
                at.getOrDefault(channel, Entry.START)));
        return Future.succeededFuture("ok");
    }

    private long count(Predicate<Subscription> which) {
        return subscriptions.values().stream().filter(which).count();
    }

    @Override
    public synchronized Future<Void> unsubscribe(Subscription subscription) {
        String id = subscription.id();
        subscriptions.remove(id);
        subscription.channels().forEach(channel -> cursors.remove(field(id, channel)));
        due.remove(id);
        claims.remove(id);
        failing.remove(id);
        dirty.remove(id);
        return Future.succeededFuture();
    }

    @Override
    public synchronized Future<List<Subscription>> all() {
        return Future.succeededFuture(List.copyOf(subscriptions.values()));
    }

    @Override
    public synchronized Future<Set<String>> channels() {
        return Future.succeededFuture(subscriptions.values().stream().flatMap(s -> s.channels().stream())
                .collect(Collectors.toUnmodifiableSet()));
    }

    @Override
    public synchronized Future<Integer> due(String channel, Instant now) {
        List<String> listening = subscriptions.values().stream().filter(s -> s.channels().contains(channel))
                .map(Subscription::id).toList();
        listening.forEach(id -> {
            due.putIfAbsent(id, now.toEpochMilli());
            dirty.add(id);
        });
        return Future.succeededFuture(listening.size());
    }

    @Override
    public synchronized Future<List<Claim>> claim(int max, Instant now, Instant leaseEnd, String token) {
        List<String> ready = due.entrySet().stream().filter(entry -> entry.getValue() <= now.toEpochMilli())
                .sorted(Map.Entry.comparingByValue()).limit(max).map(Map.Entry::getKey).toList();
        List<Claim> claimed = new ArrayList<>();
        for (String id : ready) {
            due.put(id, leaseEnd.toEpochMilli());
            boolean takenOver = claims.put(id, token) != null;
            dirty.remove(id);
            claimed.add(Claim.of(subscriptions.get(id), token, failing.get(id), takenOver));
        }
        return Future.succeededFuture(claimed);
    }

    @Override
    public synchronized Future<Map<String, String>> cursors(Subscription subscription) {
        Map<String, String> at = new LinkedHashMap<>();
        subscription.channels().forEach(channel -> at.put(channel,
                cursors.getOrDefault(field(subscription.id(), channel), Entry.START)));
        return Future.succeededFuture(at);
    }

    @Override
    public synchronized Future<Boolean> hold(Claim claim, Instant leaseEnd) {
        if (!claim.token().equals(claims.get(claim.id()))) {
            return Future.succeededFuture(false);
        }
        due.replace(claim.id(), leaseEnd.toEpochMilli());
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Boolean> finish(Claim claim, Map<String, String> at, boolean more, Instant now) {
        String id = claim.id();
        if (!claim.token().equals(claims.get(id))) {
            return Future.succeededFuture(false);
        }
        at.forEach((channel, position) -> cursors.merge(field(id, channel), position,
                (was, next) -> !Entry.valid(was) || Entry.compare(next, was) > 0 ? next : was)); // LOST: any position
        claims.remove(id);
        failing.remove(id);
        if (dirty.remove(id) || more) {
            due.replace(id, now.toEpochMilli());
        } else {
            due.remove(id);
        }
        return Future.succeededFuture(true);
    }

    @Override
    public synchronized Future<Boolean> retry(Claim claim, Instant at, long failingSince, int attempts) {
        if (!claim.token().equals(claims.get(claim.id()))) {
            return Future.succeededFuture(false);
        }
        claims.remove(claim.id());
        failing.put(claim.id(), failingSince + ":" + attempts);
        due.replace(claim.id(), at.toEpochMilli());
        return Future.succeededFuture(true);
    }

    private static String field(String id, String channel) {
        return id + ":" + channel;
    }
}
