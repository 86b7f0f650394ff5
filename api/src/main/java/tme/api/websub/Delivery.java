package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import tme.api.service.FeedDocuments.Document;
import tme.api.service.FeedRequest;
import tme.events.Entry;
import tme.events.EventLog;
import tme.redis.Counters;
import tme.redis.RepeatLog;

/**
 * One claimed subscription's delivery: the event log's entries after its cursors ({@link Batch}, at most {@code
 * WEBSUB_MAX_POSTS}) rendered in its topic's format, or, when the log was trimmed past a cursor, the whole feed with
 * {@value #RESYNC_HEADER}; the claim checked (and its lease extended) right before the POST, so a server that lost it
 * sends nothing; a 2xx moves the cursors, anything else puts the subscription off by its backoff (1, 2, 4 ... s, at
 * most a minute, jittered) until {@code WEBSUB_RETRY_FOR}, after which its cursors move to the log's end (given up).
 */
final class Delivery {

    /** Marks a delivery of the whole feed: posts the subscriber missed were no longer in the log. */
    static final String RESYNC_HEADER = "X-Hub-Resync";
    static final int MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);
    /** Redis could not be read or written: the subscription is tried again this soon (not the subscriber's fault). */
    private static final Duration STORE_RETRY = Duration.ofSeconds(1);
    private static final System.Logger LOG = System.getLogger(Delivery.class.getName());

    private final Vertx vertx;
    private final HubStore store;
    private final EventLog log;
    private final Cursors ends;
    private final Callbacks client;
    private final Documents documents;
    private final WebSubConfig config;
    private final Optional<String> publicUrl;
    private final InstantSource clock;
    private final Counters<WebSubCount> counts;
    private final RepeatLog failures;

    Delivery(Vertx vertx, HubStore store, EventLog log, Cursors ends, Callbacks client, Documents documents,
             WebSubConfig config, Optional<String> publicUrl, InstantSource clock, Counters<WebSubCount> counts) {
        this.vertx = vertx;
        this.store = store;
        this.log = log;
        this.ends = ends;
        this.client = client;
        this.documents = documents;
        this.config = config;
        this.publicUrl = publicUrl;
        this.clock = clock;
        this.counts = counts;
        this.failures = RepeatLog.perMinute(LOG, clock);
    }

    /** Delivers {@code claim}; completes (never fails) once its outcome is recorded or left to the lease. */
    Future<Void> run(Claim claim) {
        if (claim.subscription().expired(clock.instant())) {
            counts.increment(WebSubCount.DROPPED);
            return store.unsubscribe(claim.subscription()).otherwiseEmpty();
        }
        return store.cursors(claim.subscription())
                .compose(cursors -> gap(cursors).compose(gap -> gap ? resync(claim, cursors) : missed(claim, cursors)))
                .recover(storeFailed -> {
                    failures.warn("Could not read a WebSub subscription's cursors or log", storeFailed);
                    return store.retry(claim, clock.instant().plus(STORE_RETRY), claim.failingSince(),
                            claim.attempts()).mapEmpty();
                })
                .otherwiseEmpty();
    }

    /**
     * Whether the subscriber may have missed posts the log no longer holds: a cursor Redis lost ({@link Cursors#LOST}),
     * or the log trimmed past it (its oldest entry after a position that is not the start).
     */
    private Future<Boolean> gap(Map<String, String> cursors) {
        if (cursors.containsValue(Cursors.LOST)) {
            return Future.succeededFuture(true);
        }
        List<Future<Boolean>> trimmed = cursors.entrySet().stream()
                .map(cursor -> Entry.START.equals(cursor.getValue()) ? Future.succeededFuture(false)
                        : log.after(cursor.getKey(), Entry.START, 1).map(oldest -> !oldest.isEmpty()
                                && Entry.compare(oldest.getFirst().id(), cursor.getValue()) > 0))
                .toList();
        return Future.all(trimmed).map(all -> trimmed.stream().anyMatch(Future::result));
    }

    /** The posts after the cursors, or nothing to send (a post made it due that an earlier delivery carried). */
    private Future<Void> missed(Claim claim, Map<String, String> cursors) {
        Map<String, Future<List<Entry>>> reads = new LinkedHashMap<>();
        cursors.forEach((channel, after) -> reads.put(channel, log.after(channel, after, config.maxPosts())));
        return Future.all(List.copyOf(reads.values())).compose(all -> {
            Map<String, List<Entry>> read = new LinkedHashMap<>();
            reads.forEach((channel, entries) -> read.put(channel, entries.result()));
            Batch batch = Batch.of(cursors, read, config.maxPosts());
            // Entries given back after a wipe are skipped (the cursors pass them): every cursor Redis lost with them
            // started again with the whole feed, which holds them (they were the channel's newest then).
            List<Entry> fresh = batch.entries().stream().filter(entry -> !entry.restored()).toList();
            if (fresh.stream().anyMatch(Batch::fact)) {
                // Posts edited or deleted (a batch of facts only): the whole feed again, as it is now (the edit in it,
                // the deleted post not). The posts around them go in deliveries of their own, each exactly once.
                return post(claim, 0, false, () -> documents.whole(request(claim)), batch.cursors(), batch.more());
            }
            List<byte[]> events = fresh.stream().map(Entry::data).toList();
            if (events.isEmpty()) {
                return finish(claim, batch.cursors(), batch.more());
            }
            return post(claim, events.size(), false,
                    () -> documents.posts(request(claim), events), batch.cursors(), batch.more());
        });
    }

    /**
     * The whole feed, the cursors moved to each log's end as read before it is built; or, for cursors Redis lost
     * ({@link Cursors#LOST}: a wipe), to each fresh log's start, due again at once: that log holds only posts
     * published since, some of which (kept while Redis was out of reach, appended before this) may have left the page
     * the whole feed is built from. At least once: a subscriber may get those posts in both.
     */
    private Future<Void> resync(Claim claim, Map<String, String> cursors) {
        List<String> channels = claim.subscription().channels();
        if (cursors.containsValue(Cursors.LOST)) {
            Map<String, String> starts = new LinkedHashMap<>();
            channels.forEach(channel -> starts.put(channel, Entry.START));
            return post(claim, 0, true, () -> documents.whole(request(claim)), starts, true);
        }
        return ends.newest(channels).compose(at ->
                post(claim, 0, true, () -> documents.whole(request(claim)), at, false));
    }

    /** Renders, checks the claim, sends: {@code posts} posts (0 for a resync), then {@code cursors} if acknowledged. */
    private Future<Void> post(Claim claim, int posts, boolean resync, Supplier<Future<Document>> render,
                              Map<String, String> cursors, boolean more) {
        return render.get().compose(document -> {
            if (document.bytes().length > MAX_DOCUMENT_BYTES) {
                return failed(claim);
            }
            return held(claim).compose(held -> held ? send(claim, document, posts, resync, cursors, more)
                    : Future.succeededFuture());
        }, renderFailed -> {
            failures.warn("Could not render a WebSub delivery", renderFailed);
            return failed(claim);
        });
    }

    /**
     * Whether the claim is still this server's, right before sending (else counted, not sent). Asked again while
     * Redis does not answer (a busy moment can open the breaker): asking is always safe, the script answers "ours"
     * only while no other server took the claim; past the lease it is given up, unsent.
     */
    private Future<Boolean> held(Claim claim) {
        return untilAnswered(() -> store.hold(claim, leaseEnd()), leaseEnd()).otherwise(false).map(held -> {
            if (!held) {
                counts.increment(WebSubCount.NOT_SENT);
            }
            return held;
        });
    }

    private Future<Void> send(Claim claim, Document document, int posts, boolean resync, Map<String, String> cursors,
                              boolean more) {
        return client.post(URI.create(claim.subscription().callback()), headers(claim, document, resync),
                document.bytes()).compose(outcome -> {
                    if (outcome instanceof Callbacks.Outcome.Answered answered && answered.ok()) {
                        counts.increment(resync ? WebSubCount.RESYNCS : WebSubCount.DELIVERED);
                        counts.add(WebSubCount.POSTS_DELIVERED, posts);
                        return acknowledge(claim, cursors, more);
                    }
                    return failed(claim); // counted; a subscriber that is down is no server trouble to log
                });
    }

    private MultiMap headers(Claim claim, Document document, boolean resync) {
        Subscription subscription = claim.subscription();
        MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", document.contentType())
                .add("Link", "<" + hub(subscription) + ">; rel=\"hub\", <" + subscription.topic() + ">; rel=\"self\"");
        if (subscription.secret() != null) {
            headers.add("X-Hub-Signature", Signature.header(subscription.secret(), document.bytes()));
        }
        if (resync) {
            headers.add(RESYNC_HEADER, "true");
        }
        return headers;
    }

    /** Sent: the cursors move (tried until Redis answers or the lease ends: a lost acknowledgement is a duplicate). */
    private Future<Void> acknowledge(Claim claim, Map<String, String> cursors, boolean more) {
        Instant until = leaseEnd();
        return untilAnswered(() -> store.finish(claim, cursors, more, clock.instant()), until).map(finished -> {
            if (!finished) {
                counts.increment(WebSubCount.LATE);
            }
            return null;
        });
    }

    private Future<Void> finish(Claim claim, Map<String, String> cursors, boolean more) {
        return store.finish(claim, cursors, more, clock.instant()).mapEmpty();
    }

    /** A failed attempt: put off by its backoff, or given up (cursors to the logs' ends) past WEBSUB_RETRY_FOR. */
    private Future<Void> failed(Claim claim) {
        counts.increment(WebSubCount.FAILED_ATTEMPTS);
        long now = clock.millis();
        long since = claim.failingSince() == 0 ? now : claim.failingSince();
        int attempts = claim.attempts() + 1;
        Duration backoff = backoff(attempts);
        if (now + backoff.toMillis() - since <= config.retryFor().toMillis()) {
            return store.retry(claim, Instant.ofEpochMilli(now + backoff.toMillis()), since, attempts).mapEmpty();
        }
        return ends.newest(claim.subscription().channels()).compose(cursors -> {
            counts.increment(WebSubCount.GIVEN_UP);
            return finish(claim, cursors, false);
        });
    }

    /** 1, 2, 4 ... seconds, at most {@link #MAX_BACKOFF}, each between 0.8 and 1.2 of that. */
    static Duration backoff(int attempt) {
        long base = Math.min(MAX_BACKOFF.toMillis(), 1000L << Math.min(20, attempt - 1));
        return Duration.ofMillis((long) (base * ThreadLocalRandom.current().nextDouble(0.8, 1.2)));
    }

    /** {@code write} again every {@link #STORE_RETRY} while Redis cannot be reached, until {@code until}. */
    private Future<Boolean> untilAnswered(Supplier<Future<Boolean>> write, Instant until) {
        return write.get().recover(unreachable -> {
            if (clock.instant().plus(STORE_RETRY).isAfter(until)) {
                return Future.failedFuture(unreachable);
            }
            return vertx.timer(STORE_RETRY.toMillis()).compose(fired -> untilAnswered(write, until));
        });
    }

    private Instant leaseEnd() {
        return clock.instant().plus(config.deliveryLease());
    }

    /** The subscription's feed; its topic passed {@code FEED_MAX_PAGES} when it was made (a later, lower one keeps it). */
    private static FeedRequest request(Claim claim) {
        return Topic.parse(claim.subscription().topic(), origin(claim.subscription()), FeedRequest.MOST_PAGES);
    }

    private String hub(Subscription subscription) {
        return publicUrl.orElse(origin(subscription)) + "/websub";
    }

    private static String origin(Subscription subscription) {
        URI topic = URI.create(subscription.topic());
        return topic.getScheme() + "://" + topic.getRawAuthority();
    }
}
