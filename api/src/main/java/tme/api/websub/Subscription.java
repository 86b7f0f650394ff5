package tme.api.websub;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * One verified subscription.
 *
 * @param topic     the feed, in its normal form
 * @param callback  where deliveries go
 * @param secret    the subscriber's {@code hub.secret} (deliveries are signed with it), or null
 * @param expiresAt when its lease ends (deliveries stop; the subscriber renews before)
 * @param channels  the topic's channels: a new post in any is delivered
 */
record Subscription(String topic, String callback, String secret, Instant expiresAt, List<String> channels) {

    Subscription {
        channels = List.copyOf(channels);
    }

    /** One per topic and callback: subscribing again renews it. */
    String id() {
        return digest(topic + " " + callback);
    }

    /** The callback's host, which the per-host bound counts by. */
    String host() {
        String host = URI.create(callback).getHost();
        return host == null ? "" : host.toLowerCase(java.util.Locale.ROOT);
    }

    boolean expired(Instant now) {
        return !expiresAt.isAfter(now);
    }

    String json() {
        return new JsonObject().put("topic", topic).put("callback", callback).put("secret", secret)
                .put("expires_at", expiresAt.toEpochMilli()).put("channels", new JsonArray(channels)).encode();
    }

    static Subscription of(String json) {
        JsonObject object = new JsonObject(json);
        return new Subscription(object.getString("topic"), object.getString("callback"), object.getString("secret"),
                Instant.ofEpochMilli(object.getLong("expires_at")),
                object.getJsonArray("channels").stream().map(String::valueOf).toList());
    }

    /** 128 bits of SHA-256, as hex: a fixed-length key part for any text. */
    static String digest(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
