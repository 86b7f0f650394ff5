package tme.api.websub;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import tme.api.service.ChannelName;
import tme.api.service.FeedDocuments;
import tme.api.service.FeedRequest;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * Makes the deliveries this server takes from the {@link HubStore} (one server per delivery): the topic's feed as it
 * is now ({@link FeedDocuments}), POSTed to the callback with {@code Link: <hub>; rel="hub", <topic>; rel="self"} and,
 * with a secret, {@code X-Hub-Signature: sha256=...}. A 2xx ends it; anything else is tried again after 1, 2, 4 ...
 * seconds (at most a minute, jittered) until {@code WEBSUB_RETRY_FOR} after it was queued, then given up. While it
 * holds deliveries it renews them every third of {@code WEBSUB_DELIVERY_LEASE}, and takes over those another server
 * left idle that long (it died). Every field is touched on its own context.
 */
final class Deliverer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Deliverer.class.getName());
    private static final Duration ROUND = Duration.ofMillis(500);
    private static final int MAX_HELD = 64;
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);
    /** A feed document larger than this is not sent (500 posts of long text stay well under it). */
    static final int MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

    private final Vertx vertx;
    private final Context context;
    private final HubStore store;
    private final CallbackClient client;
    private final FeedDocuments documents;
    private final WebSubConfig config;
    private final Optional<String> publicUrl;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;
    // Failures to take or deliver (each round while Redis is down): one line a minute per kind.
    private final RepeatLog failures;
    private final String consumer = "hub-" + UUID.randomUUID();
    private final Map<String, Job> held = new LinkedHashMap<>();
    private final long rounds;
    private final long renewals;
    private boolean taking;

    Deliverer(Vertx vertx, HubStore store, CallbackClient client, FeedDocuments documents, WebSubConfig config,
              Optional<String> publicUrl, InstantSource clock, Counters<WebSubCount> counts) {
        this.vertx = vertx;
        this.context = vertx.getOrCreateContext();
        this.store = store;
        this.client = client;
        this.documents = documents;
        this.config = config;
        this.publicUrl = publicUrl;
        this.clock = clock;
        this.counts = counts;
        this.failures = RepeatLog.perMinute(LOG, clock);
        this.rounds = vertx.setPeriodic(ROUND.toMillis(), id -> context.runOnContext(v -> take()));
        this.renewals = vertx.setPeriodic(Math.max(100, config.deliveryLease().toMillis() / 3),
                id -> context.runOnContext(v -> renewAndReclaim()));
    }

    /** Deliveries this server holds now (in flight or waiting to be tried again). */
    int held() {
        return held.size();
    }

    /** Takes new deliveries now (some were just queued), rather than at the next round. */
    void nudge() {
        context.runOnContext(v -> take());
    }

    private void take() {
        if (taking || held.size() >= MAX_HELD) {
            return;
        }
        taking = true;
        store.take(consumer, MAX_HELD - held.size()).onComplete(taken -> context.runOnContext(v -> {
            taking = false;
            if (taken.succeeded()) {
                taken.result().forEach(this::start);
            } else {
                // What was read stays pending for this consumer: the lease's takeover delivers it, late.
                failures.warn("Could not take WebSub deliveries", taken.cause());
            }
        }));
    }

    private void renewAndReclaim() {
        store.renew(consumer, List.copyOf(held.values()));
        if (held.size() < MAX_HELD) {
            store.reclaim(consumer, config.deliveryLease(), MAX_HELD - held.size())
                    .onSuccess(jobs -> context.runOnContext(v -> jobs.stream().filter(job -> !held.containsKey(job.id()))
                            .forEach(job -> {
                                counts.increment(WebSubCount.RECLAIMED);
                                start(job);
                            })));
        }
    }

    private void start(Job job) {
        held.put(job.id(), job);
        attempt(job, 1);
    }

    private void attempt(Job job, int attempt) {
        store.subscription(job.subscription()).compose(found -> {
            if (found.isEmpty() || found.get().expired(clock.instant())) {
                return Future.succeededFuture(Result.DROPPED);
            }
            return deliver(found.get(), job);
        }).onComplete(done -> context.runOnContext(v -> {
            Result result = done.succeeded() ? done.result() : Result.FAILED;
            if (done.failed()) {
                failures.log(System.Logger.Level.INFO, "WebSub delivery failed",
                        () -> "WebSub delivery " + job + " failed", done.cause());
            }
            switch (result) {
                case DELIVERED -> finish(job, WebSubCount.DELIVERED);
                case DROPPED -> finish(job, WebSubCount.DROPPED);
                case FAILED -> retry(job, attempt);
            }
        }));
    }

    private Future<Result> deliver(Subscription subscription, Job job) {
        URI topic = URI.create(subscription.topic());
        String origin = topic.getScheme() + "://" + topic.getRawAuthority();
        FeedRequest request = Topic.parse(subscription.topic(), origin);
        String hub = publicUrl.orElse(origin) + "/websub";
        return documents.current(request, ChannelName.parse("channel", job.channel()), job.post()).compose(document -> {
            if (document.bytes().length > MAX_DOCUMENT_BYTES) {
                return Future.succeededFuture(Result.DROPPED);
            }
            MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                    .add("Content-Type", document.contentType())
                    .add("Link", "<" + hub + ">; rel=\"hub\", <" + subscription.topic() + ">; rel=\"self\"");
            if (subscription.secret() != null) {
                headers.add("X-Hub-Signature", Signature.header(subscription.secret(), document.bytes()));
            }
            return client.post(URI.create(subscription.callback()), headers, document.bytes())
                    .map(outcome -> outcome instanceof CallbackClient.Outcome.Answered answered && answered.ok()
                            ? Result.DELIVERED : Result.FAILED);
        });
    }

    private void retry(Job job, int attempt) {
        counts.increment(WebSubCount.FAILED_ATTEMPTS);
        Duration backoff = backoff(attempt);
        if (clock.millis() + backoff.toMillis() - job.queuedAt() > config.retryFor().toMillis()) {
            finish(job, WebSubCount.GIVEN_UP);
            return;
        }
        vertx.setTimer(backoff.toMillis(), id -> context.runOnContext(v -> {
            if (held.containsKey(job.id())) {
                attempt(job, attempt + 1);
            }
        }));
    }

    /** 1, 2, 4 ... seconds, at most {@link #MAX_BACKOFF}, each between 0.8 and 1.2 of that. */
    static Duration backoff(int attempt) {
        long base = Math.min(MAX_BACKOFF.toMillis(), 1000L << Math.min(20, attempt - 1));
        return Duration.ofMillis((long) (base * ThreadLocalRandom.current().nextDouble(0.8, 1.2)));
    }

    private void finish(Job job, WebSubCount outcome) {
        counts.increment(outcome);
        store.done(List.of(job)).onComplete(done -> context.runOnContext(v -> held.remove(job.id())));
    }

    @Override
    public void close() {
        vertx.cancelTimer(rounds);
        vertx.cancelTimer(renewals);
    }

    private enum Result { DELIVERED, DROPPED, FAILED }
}
