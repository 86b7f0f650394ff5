package tme.api.media;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import tme.api.outbound.GuardedClient;
import tme.api.problem.Problem;
import tme.coalescing.Asker;

/**
 * {@code MEDIA_MODE=stream}: opens the CDN's answer for a media link through the guarded client, for the handler to
 * stream on. At most {@code MEDIA_STREAMS} at once (more are a fast 503). A link the CDN refuses (403, 404, 410)
 * is resolved again after a reload of its entry, once, and the new URL tried; a single byte range the reader asks
 * for is asked of the CDN as it is, anything else in {@code Range} is ignored (the whole file, 200).
 */
public final class MediaStreams {

    private static final Set<Integer> REFUSALS = Set.of(403, 404, 410);
    private static final Pattern ONE_RANGE = Pattern.compile("bytes=(\\d{1,18})?-(\\d{1,18})?");

    /** The CDN's answer, paused; {@code done} must run once the stream ends, however it ends. */
    public sealed interface Opened {
        record Streaming(HttpClientResponse response, Runnable done) implements Opened {}

        record Refused(Problem problem) implements Opened {}
    }

    private final MediaService media;
    private final GuardedClient client;
    private final int maxStreams;
    // Streams running now in this process, every loop's: taken before a CDN request, given back when it ends.
    private final AtomicInteger running = new AtomicInteger();

    public MediaStreams(MediaService media, GuardedClient client, int maxStreams) {
        this.media = media;
        this.client = client;
        this.maxStreams = maxStreams;
    }

    /** The largest file streamed, for the handler's pipe. */
    public long maxBytes() {
        return client.limits().maxBytes();
    }

    /** Counts bytes that reached a reader. */
    public void streamed(long bytes) {
        media.counts().add(MediaCount.BYTES, bytes);
    }

    /** A stream cut short: the body grew past {@code MEDIA_MAX_BYTES}, or the CDN broke off. */
    public void cut() {
        media.counts().increment(MediaCount.UPSTREAM_FAILURES);
    }

    /** A 304 answered without asking the CDN. */
    public void notModified() {
        media.counts().increment(MediaCount.NOT_MODIFIED);
    }

    /**
     * Opens {@code target}'s bytes ({@code HEAD}: headers only) for the reader's {@code range}, or null for all; any
     * load of the entry is charged to {@code asking}, who asked.
     */
    public Future<Opened> open(MediaTarget target, HttpMethod method, String range, Asker asking) {
        if (running.incrementAndGet() > maxStreams) {
            running.decrementAndGet();
            media.counts().increment(MediaCount.BUSY);
            return Future.succeededFuture(new Opened.Refused(Problem.mediaBusy()));
        }
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add("accept-encoding", "identity");
        if (range != null && ONE_RANGE.matcher(range).matches() && !range.equals("bytes=-")) {
            headers.add("range", range);
        }
        Context reader = Vertx.currentContext();
        return media.resolve(target, asking)
                .compose(found -> onContext(reader, () -> fetch(reader, target, method, headers, found, asking, true)))
                .andThen(done -> {
                    if (!(done.succeeded() && done.result() instanceof Opened.Streaming)) {
                        running.decrementAndGet();
                    }
                });
    }

    private Future<Opened> fetch(Context reader, MediaTarget target, HttpMethod method, MultiMap headers,
                                 Resolution resolution, Asker asking, boolean mayRetry) {
        if (!(resolution instanceof Resolution.Found found)) {
            return Future.succeededFuture(new Opened.Refused(((Resolution.Refused) resolution).problem()));
        }
        return client.open(method, found.url(), headers).compose(outcome -> switch (outcome) {
            case GuardedClient.Outcome.Opened opened when REFUSALS.contains(opened.response().statusCode()) -> {
                GuardedClient.discard(opened.response());
                if (!mayRetry) {
                    yield failed("Telegram's CDN refused the media link again after a reload: "
                            + opened.response().statusCode());
                }
                yield media.afterRefusal(target, found.from(), asking).compose(again ->
                        again instanceof Resolution.Found next && next.url().equals(found.url())
                        ? failed("Telegram's CDN refused the media link, and t.me gives the same one")
                        : onContext(reader, () -> fetch(reader, target, method, headers, again, asking, false)));
            }
            case GuardedClient.Outcome.Opened opened when opened.response().statusCode() / 100 == 2
                    || opened.response().statusCode() == 416 -> {
                media.counts().increment(MediaCount.STREAMS);
                yield Future.succeededFuture(new Opened.Streaming(opened.response(), running::decrementAndGet));
            }
            case GuardedClient.Outcome.Opened opened -> {
                GuardedClient.discard(opened.response());
                yield failed("Telegram's CDN answered " + opened.response().statusCode());
            }
            case GuardedClient.Outcome.Refused refused -> {
                media.counts().increment(MediaCount.HOSTS_REFUSED);
                yield Future.succeededFuture(new Opened.Refused(Problem.mediaHostRefused(
                        "the CDN redirected off MEDIA_HOSTS: " + refused.reason())));
            }
            case GuardedClient.Outcome.TooLarge large -> failed("the file is " + large.length()
                    + " bytes, more than MEDIA_MAX_BYTES (" + client.limits().maxBytes() + ")");
            case GuardedClient.Outcome.Failed failure -> failed("Telegram's CDN did not answer: " + failure.detail());
        });
    }

    /**
     * Runs {@code fetch} on the reader's context: a load shared with another loop's request completes there, and the
     * CDN's answer must arrive on the loop that writes the reader's response.
     */
    private static Future<Opened> onContext(Context context, java.util.function.Supplier<Future<Opened>> fetch) {
        if (context == null || Vertx.currentContext() == context) {
            return fetch.get();
        }
        Promise<Opened> opened = Promise.promise();
        context.runOnContext(ignored -> fetch.get().onComplete(opened));
        return opened.future();
    }

    private Future<Opened> failed(String detail) {
        media.counts().increment(MediaCount.UPSTREAM_FAILURES);
        return Future.succeededFuture(new Opened.Refused(Problem.mediaUpstreamFailed(detail)));
    }
}
