package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tme.redis.Lua;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.RedisUnreachable;
import tme.redis.WebSubScripts;

/**
 * {@link HubStore} in Redis ({@link WebSubScripts} says the keys): subscriptions and their indexes changed by one
 * script each, deliveries in a stream read by the consumer group {@value #GROUP}: {@code XREADGROUP} hands each to
 * one server, {@code XCLAIM} (idle reset) keeps it while that server works on it, {@code XAUTOCLAIM} moves it to
 * another once it has been idle for the delivery lease (its server died), {@code XACK} and {@code XDEL} end it.
 */
final class RedisHubStore implements HubStore {

    static final String GROUP = "hub";
    private static final String PREFIX = "tme:websub:{websub}:";
    /** A post's fan-out mark outlives any reload that could offer the post again as new. */
    private static final Duration FANNED_FOR = Duration.ofDays(2);
    private static final int DELIVERIES_MAX = 1_000_000;

    private final RedisLink link;
    private final InstantSource clock;
    private volatile boolean groupMade;

    RedisHubStore(RedisLink link, InstantSource clock) {
        this.link = link;
        this.clock = clock;
    }

    @Override
    public Future<String> subscribe(Subscription subscription, int maxPerTopic, int maxPerHost) {
        Request eval = Lua.eval(WebSubScripts.SUBSCRIBE, keys(subscription))
                .arg(subscription.id()).arg(subscription.json()).arg(maxPerTopic).arg(maxPerHost);
        subscription.channels().forEach(eval::arg);
        return send(eval).map(Response::toString);
    }

    @Override
    public Future<Void> unsubscribe(Subscription subscription) {
        Request eval = Lua.eval(WebSubScripts.UNSUBSCRIBE, keys(subscription))
                .arg(subscription.id()).arg("-").arg("-").arg("-");
        subscription.channels().forEach(eval::arg);
        return send(eval).mapEmpty();
    }

    /** subs, topic set, host set, channels, then the channels' sets, as the scripts take them. */
    private static String[] keys(Subscription subscription) {
        List<String> keys = new ArrayList<>(List.of(PREFIX + "subs", PREFIX + "topic:" + Subscription.digest(
                subscription.topic()), PREFIX + "host:" + subscription.host(), PREFIX + "channels"));
        subscription.channels().forEach(channel -> keys.add(PREFIX + "ch:" + channel));
        return keys.toArray(String[]::new);
    }

    @Override
    public Future<Optional<Subscription>> subscription(String id) {
        return send(Request.cmd(Command.HGET).arg(PREFIX + "subs").arg(id))
                .map(json -> json == null ? Optional.empty() : Optional.of(Subscription.of(json.toString())));
    }

    @Override
    public Future<List<Subscription>> all() {
        return send(Request.cmd(Command.HVALS).arg(PREFIX + "subs")).map(values -> {
            List<Subscription> all = new ArrayList<>();
            values.forEach(json -> all.add(Subscription.of(json.toString())));
            return all;
        });
    }

    @Override
    public Future<Set<String>> channels() {
        return send(Request.cmd(Command.SMEMBERS).arg(PREFIX + "channels")).map(members -> {
            Set<String> channels = new HashSet<>();
            members.forEach(member -> channels.add(member.toString()));
            return channels;
        });
    }

    @Override
    public Future<Integer> fanOut(String channel, long post, String entryId) {
        Request eval = Lua.eval(WebSubScripts.FAN_OUT, PREFIX + "fanned:" + channel + ":" + post,
                        PREFIX + "ch:" + channel, PREFIX + "deliveries")
                .arg(channel).arg(post).arg(entryId).arg(clock.millis()).arg(FANNED_FOR.toMillis()).arg(DELIVERIES_MAX);
        return send(eval).map(Response::toInteger);
    }

    @Override
    public Future<List<Job>> take(String consumer, int max) {
        return group().compose(made -> send(Request.cmd(Command.XREADGROUP).arg("GROUP").arg(GROUP).arg(consumer)
                .arg("COUNT").arg(max).arg("STREAMS").arg(PREFIX + "deliveries").arg(">")))
                .onFailure(this::groupLost)
                .map(answer -> answer == null ? List.of() : jobs(streamEntries(answer)));
    }

    @Override
    public Future<List<Job>> reclaim(String consumer, Duration idle, int max) {
        return group().compose(made -> send(Request.cmd(Command.XAUTOCLAIM).arg(PREFIX + "deliveries").arg(GROUP)
                        .arg(consumer).arg(idle.toMillis()).arg("0-0").arg("COUNT").arg(max)))
                .onFailure(this::groupLost)
                .map(answer -> jobs(answer.get(1)));
    }

    @Override
    public Future<Void> renew(String consumer, List<Job> jobs) {
        if (jobs.isEmpty()) {
            return Future.succeededFuture();
        }
        Request claim = Request.cmd(Command.XCLAIM).arg(PREFIX + "deliveries").arg(GROUP).arg(consumer).arg(0);
        jobs.forEach(job -> claim.arg(job.id()));
        return send(claim.arg("JUSTID")).mapEmpty();
    }

    @Override
    public Future<Void> done(List<Job> jobs) {
        if (jobs.isEmpty()) {
            return Future.succeededFuture();
        }
        Request ack = Request.cmd(Command.XACK).arg(PREFIX + "deliveries").arg(GROUP);
        Request delete = Request.cmd(Command.XDEL).arg(PREFIX + "deliveries");
        jobs.forEach(job -> {
            ack.arg(job.id());
            delete.arg(job.id());
        });
        return send(ack).compose(acked -> send(delete)).mapEmpty();
    }

    /** The consumer group, made once (from the stream's start: nothing queued before it is lost). */
    private Future<Void> group() {
        if (groupMade) {
            return Future.succeededFuture();
        }
        return link.send(Request.cmd(Command.XGROUP).arg("CREATE").arg(PREFIX + "deliveries").arg(GROUP).arg("0")
                        .arg("MKSTREAM"))
                .<Void>map(reply -> {
                    groupMade = reply instanceof RedisReply.Answered<Response>;
                    return null;
                })
                .recover(busy -> {
                    groupMade = String.valueOf(busy.getMessage()).contains("BUSYGROUP");
                    return Future.succeededFuture();
                });
    }

    /**
     * Redis lost the group with the stream (it restarted empty, or was flushed): made again on the next round. Made
     * once per process before, every take failed with NOGROUP until the server restarted.
     */
    private void groupLost(Throwable failure) {
        if (String.valueOf(failure.getMessage()).startsWith("NOGROUP")) {
            groupMade = false;
        }
    }

    /**
     * XREADGROUP's answer: {stream: [entries]} (RESP3, what the link speaks) or [[stream, [entries]]] (RESP2). A map's
     * {@code get(int)} throws ("Multi is a Map"): asked first, it failed every take, and each delivery waited for
     * another round to take it over after {@code WEBSUB_DELIVERY_LEASE} (60 s by default).
     */
    private static Response streamEntries(Response answer) {
        if (answer.isMap()) {
            return answer.get(PREFIX + "deliveries");
        }
        return answer.size() > 0 ? answer.get(0).get(1) : null;
    }

    private static List<Job> jobs(Response entries) {
        List<Job> jobs = new ArrayList<>();
        if (entries == null) {
            return jobs;
        }
        for (Response entry : entries) {
            Response fields = entry.get(1);
            if (fields == null) {
                continue; // deleted meanwhile
            }
            String sub = null;
            String channel = null;
            long post = 0;
            long at = 0;
            for (int i = 0; i + 1 < fields.size(); i += 2) {
                String value = fields.get(i + 1).toString();
                switch (fields.get(i).toString()) {
                    case "sub" -> sub = value;
                    case "channel" -> channel = value;
                    case "post" -> post = Long.parseLong(value);
                    case "at" -> at = Long.parseLong(value);
                    default -> { }
                }
            }
            jobs.add(new Job(entry.get(0).toString(), sub, channel, post, at));
        }
        return jobs;
    }

    /** One command; Redis unreachable fails the future (the caller tries again on its next round). */
    private Future<Response> send(Request request) {
        return link.send(request).map(reply -> switch (reply) {
            case RedisReply.Answered<Response> answered -> answered.value();
            case RedisReply.Unavailable<Response> unavailable ->
                    throw new RedisUnreachable(unavailable.reason());
        });
    }
}
