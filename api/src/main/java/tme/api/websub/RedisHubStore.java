package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tme.events.Entry;
import tme.redis.Lua;
import tme.redis.RedisLink;
import tme.redis.RedisReply;
import tme.redis.RedisUnreachable;
import tme.redis.WebSubScripts;

/**
 * {@link HubStore} in Redis ({@link WebSubScripts} says the keys): subscriptions, their cursors and the {@code due}
 * schedule, each change one script. A claim moves the subscription's time in {@code due} to its lease's end, so a
 * server that dies holding it is taken over then; a server that lost Redis cannot hold, finish or retry a claim
 * another took over meanwhile (the token differs), so it sends nothing for it.
 */
final class RedisHubStore implements HubStore {

    private static final String PREFIX = "tme:websub:{websub}:";
    private static final String DUE = PREFIX + "due";
    private static final String CLAIMS = PREFIX + "claims";
    private static final String FAILING = PREFIX + "failing";
    private static final String DIRTY = PREFIX + "dirty";
    private static final String CURSORS = PREFIX + "cursors";
    private static final String SUBS = PREFIX + "subs";

    private final RedisLink link;

    RedisHubStore(RedisLink link) {
        this.link = link;
    }

    @Override
    public Future<String> subscribe(Subscription subscription, Map<String, String> cursors, int maxPerTopic,
                                    int maxPerHost) {
        Request eval = Lua.eval(WebSubScripts.SUBSCRIBE, keys(subscription))
                .arg(subscription.id()).arg(subscription.json()).arg(maxPerTopic).arg(maxPerHost);
        subscription.channels().forEach(eval::arg);
        subscription.channels().forEach(channel -> eval.arg(cursors.getOrDefault(channel, Entry.START)));
        return send(eval).map(Response::toString);
    }

    @Override
    public Future<Void> unsubscribe(Subscription subscription) {
        Request eval = Lua.eval(WebSubScripts.UNSUBSCRIBE, keys(subscription))
                .arg(subscription.id()).arg("-").arg("-").arg("-");
        subscription.channels().forEach(eval::arg);
        return send(eval).mapEmpty();
    }

    /** The subscription scripts' keys: the {@link WebSubScripts#SUBSCRIPTION_KEYS} fixed ones, then the channels'. */
    private static String[] keys(Subscription subscription) {
        List<String> keys = new ArrayList<>(List.of(SUBS, PREFIX + "topic:" + Subscription.digest(
                subscription.topic()), PREFIX + "host:" + subscription.host(), PREFIX + "channels", CURSORS, DUE,
                CLAIMS, FAILING, DIRTY));
        subscription.channels().forEach(channel -> keys.add(PREFIX + "ch:" + channel));
        return keys.toArray(String[]::new);
    }

    @Override
    public Future<List<Subscription>> all() {
        return send(Request.cmd(Command.HVALS).arg(SUBS)).map(values -> {
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
    public Future<Integer> due(String channel, Instant now) {
        return send(Lua.eval(WebSubScripts.DUE, PREFIX + "ch:" + channel, DUE, DIRTY).arg(now.toEpochMilli()))
                .map(Response::toInteger);
    }

    @Override
    public Future<List<Claim>> claim(int max, Instant now, Instant leaseEnd, String token) {
        Request eval = Lua.eval(WebSubScripts.CLAIM, DUE, CLAIMS, FAILING, DIRTY, SUBS)
                .arg(now.toEpochMilli()).arg(leaseEnd.toEpochMilli()).arg(max).arg(token);
        return send(eval).map(flat -> {
            List<Claim> claims = new ArrayList<>();
            for (int i = 0; i + 3 < flat.size(); i += 4) {
                claims.add(Claim.of(Subscription.of(flat.get(i + 1).toString()), token, flat.get(i + 2).toString(),
                        flat.get(i + 3).toInteger() == 1));
            }
            return claims;
        });
    }

    @Override
    public Future<Map<String, String>> cursors(Subscription subscription) {
        Request read = Request.cmd(Command.HMGET).arg(CURSORS);
        subscription.channels().forEach(channel -> read.arg(field(subscription, channel)));
        return send(read).map(values -> {
            Map<String, String> cursors = new LinkedHashMap<>();
            for (int i = 0; i < subscription.channels().size(); i++) {
                Response value = values.get(i);
                cursors.put(subscription.channels().get(i), value == null ? Entry.START : value.toString());
            }
            return cursors;
        });
    }

    @Override
    public Future<Boolean> hold(Claim claim, Instant leaseEnd) {
        return send(Lua.eval(WebSubScripts.HOLD, DUE, CLAIMS).arg(claim.id()).arg(claim.token())
                .arg(leaseEnd.toEpochMilli())).map(answer -> answer.toInteger() == 1);
    }

    @Override
    public Future<Boolean> finish(Claim claim, Map<String, String> cursors, boolean more, Instant now) {
        Request eval = Lua.eval(WebSubScripts.FINISH, DUE, CLAIMS, FAILING, DIRTY, CURSORS)
                .arg(claim.id()).arg(claim.token()).arg(now.toEpochMilli()).arg(more ? 1 : 0);
        cursors.forEach((channel, position) -> eval.arg(field(claim.subscription(), channel)).arg(position));
        return send(eval).map(answer -> answer.toInteger() == 1);
    }

    @Override
    public Future<Boolean> retry(Claim claim, Instant at, long failingSince, int attempts) {
        return send(Lua.eval(WebSubScripts.RETRY, DUE, CLAIMS, FAILING).arg(claim.id()).arg(claim.token())
                .arg(at.toEpochMilli()).arg(failingSince + ":" + attempts)).map(answer -> answer.toInteger() == 1);
    }

    private static String field(Subscription subscription, String channel) {
        return subscription.id() + ":" + channel;
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
