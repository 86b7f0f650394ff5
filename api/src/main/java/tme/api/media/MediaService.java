package tme.api.media;

import io.vertx.core.Future;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import tme.api.outbound.HostAllowList;
import tme.api.problem.Problem;
import tme.api.service.Answer;
import tme.api.service.ChannelService;
import tme.cache.Stored;
import tme.coalescing.Asker;
import tme.coalescing.Tolerance;
import tme.redis.Counters;

/**
 * Resolves a media link to its CDN URL now. The URL comes from the entry {@code /v1/post} (for the avatar,
 * {@code /v1/body}) answers, read as stored whatever its age (no t.me request while it holds one); a URL from a
 * page loaded more than {@code MEDIA_URL_TTL} ago is not trusted, and the entry is loaded again first
 * ({@link ChannelService#reloadPost}: user priority, single-flight, the lease, so one t.me request for the fleet).
 * A post that had the item and is gone after the reload was deleted: 410. Every URL must be on {@code MEDIA_HOSTS}:
 * one elsewhere is a 502, counted, and nothing is fetched or redirected to.
 */
public final class MediaService {

    /** Any stored copy, however old: its age is judged here, against {@code MEDIA_URL_TTL}. */
    private static final Tolerance AS_STORED = Tolerance.of(Duration.ofDays(365_000), Duration.ofDays(365_000));

    private final ChannelService channels;
    private final HostAllowList hosts;
    private final Duration urlTtl;
    private final InstantSource clock;
    private final Counters<MediaCount> counts = new Counters<>(MediaCount.class, EnumSet.allOf(MediaCount.class));

    public MediaService(ChannelService channels, HostAllowList hosts, Duration urlTtl, InstantSource clock) {
        this.channels = channels;
        this.hosts = hosts;
        this.urlTtl = urlTtl;
        this.clock = clock;
    }

    /**
     * Where {@code target} points now; for a redirect, counted as one. Any load this needs is charged to
     * {@code asker} (before, to a client named after the channel: anyone could spend the fleet's t.me budget through
     * the media routes, past their own share).
     */
    public Future<Resolution> redirect(MediaTarget target, Asker asker) {
        return resolve(target, asker).andThen(done -> {
            if (done.succeeded() && done.result() instanceof Resolution.Found) {
                counts.increment(MediaCount.REDIRECTS);
            }
        });
    }

    /** Where {@code target} points now, reloading its entry first when the stored URL is too old. */
    Future<Resolution> resolve(MediaTarget target, Asker asker) {
        return read(target, asker).compose(answer -> {
            if (answer instanceof Answer.Cached cached && tooOld(cached.stored())) {
                counts.increment(MediaCount.RELOADS_AGE);
                return reloadFrom(target, cached.stored(), asker);
            }
            return Future.succeededFuture(resolution(target, answer, Optional.empty()));
        });
    }

    /** The CDN refused the URL read from {@code refused}: the entry is loaded again (unless newer is stored). */
    Future<Resolution> afterRefusal(MediaTarget target, Stored refused, Asker asker) {
        counts.increment(MediaCount.RELOADS_REFUSED);
        return reloadFrom(target, refused, asker);
    }

    /** {@code media.*} counters by metric name. */
    public Map<String, Long> counters() {
        return counts.snapshot();
    }

    Counters<MediaCount> counts() {
        return counts;
    }

    private Future<Answer> read(MediaTarget target, Asker asker) {
        return target.avatar()
                ? channels.latest(target.channel(), asker, AS_STORED)
                : channels.post(target.channel(), target.post(), asker, AS_STORED);
    }

    private Future<Resolution> reloadFrom(MediaTarget target, Stored replacing, Asker asker) {
        Future<Answer> reloaded = target.avatar()
                ? channels.reloadLatest(target.channel(), asker, replacing)
                : channels.reloadPost(target.channel(), target.post(), asker, replacing);
        return reloaded.map(answer -> resolution(target, answer, Optional.of(replacing)));
    }

    private boolean tooOld(Stored stored) {
        return stored.age(clock.instant()).compareTo(urlTtl) >= 0;
    }

    private Resolution resolution(MediaTarget target, Answer answer, Optional<Stored> replaced) {
        return switch (answer) {
            case Answer.Failure failure -> new Resolution.Refused(failure.problem());
            case Answer.Cached notFound when notFound.status() == 404 -> new Resolution.Refused(
                    deleted(target, replaced, notFound) ? Problem.mediaGone(target.channel().value(), target.post().value())
                            : notFound.notFound());
            case Answer.Cached found -> located(target, found.stored());
        };
    }

    /** A post found before the reload and not after it was deleted (a channel gone is only not found). */
    private static boolean deleted(MediaTarget target, Optional<Stored> replaced, Answer.Cached notFound) {
        return !target.avatar() && replaced.map(old -> old.kind() == Answer.KIND_OK).orElse(false)
                && !Problem.CHANNEL_NOT_FOUND.equals(notFound.notFound().code());
    }

    private Resolution located(MediaTarget target, Stored stored) {
        StoredLinks.Link link = target.avatar() ? StoredLinks.avatar(stored.raw(), target)
                : StoredLinks.item(stored.raw(), target);
        return switch (link) {
            case StoredLinks.Link.Missing missing -> new Resolution.Refused(missing.problem());
            case StoredLinks.Link.Found found -> allowed(found.url(), stored);
        };
    }

    private Resolution allowed(String url, Stored stored) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            counts.increment(MediaCount.HOSTS_REFUSED);
            return new Resolution.Refused(Problem.mediaHostRefused("t.me's page names a media URL that does not parse"));
        }
        Optional<String> refusal = hosts.refusal(uri);
        if (refusal.isPresent()) {
            counts.increment(MediaCount.HOSTS_REFUSED);
            return new Resolution.Refused(Problem.mediaHostRefused("t.me's page names media off MEDIA_HOSTS: "
                    + refusal.get()));
        }
        Duration left = urlTtl.minus(stored.age(clock.instant()));
        return new Resolution.Found(uri, stored, left.isNegative() ? Duration.ZERO : left);
    }
}
