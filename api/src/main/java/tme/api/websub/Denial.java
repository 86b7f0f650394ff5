package tme.api.websub;

import io.vertx.core.Future;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** W3C WebSub 5.2: the hub tells a subscriber its subscription is refused (or was not kept) with a GET to its callback. */
final class Denial {

    private Denial() {}

    /** {@code GET callback?hub.mode=denied&hub.topic=...&hub.reason=...}, through the guarded client. */
    static Future<Void> send(Callbacks client, String callback, String topic, String reason) {
        return client.get(with(callback, "hub.mode=denied&hub.topic=" + encode(topic) + "&hub.reason="
                + encode(reason))).mapEmpty();
    }

    /** Why a bound refused a subscription ({@code topic_full} or {@code host_full}, as the store answers). */
    static String reason(String refusal, WebSubConfig config) {
        return "topic_full".equals(refusal)
                ? "this topic has " + config.maxPerTopic() + " subscriptions, its most"
                : "callbacks on this host have " + config.maxPerHost() + " subscriptions, their most";
    }

    /** {@code callback} with {@code query} added to any query it has. */
    static URI with(String callback, String query) {
        return URI.create(callback + (callback.contains("?") ? "&" : "?") + query);
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
