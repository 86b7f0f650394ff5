package tme.api.render;

import java.util.List;
import tme.api.problem.Problem;
import tme.scraper.model.Channel;
import tme.scraper.model.Post;

/**
 * The multi-channel feed's answer, {@code {"result": [item...], "errors": [error...]}}: each item is a post as
 * {@code /v1/body} writes it (the same writer) plus the {@code channel} it came from and its {@code score} (the
 * prior art's feed item, contract 2.7, with {@code score} for its {@code _score}); each error names a channel that
 * gave no posts and why ({@code channel, code, status, retry_after?}). Both lists are always there, possibly empty.
 */
public final class FeedJson {

    /** A ranked post and the channel header it was read with. */
    public record Item(Channel channel, Post post, double score) {}

    /** A channel the feed could not read: its lower-cased name and the problem its page load answered. */
    public record Error(String channel, Problem problem) {}

    private FeedJson() {}

    public static byte[] bytes(List<Item> items, List<Error> errors) {
        return JsonRender.render(json -> {
            json.writeStartObject();
            json.writeArrayFieldStart("result");
            for (Item item : items) {
                PostJson.writeFields(json, item.post(), ChannelJson.name(item.channel()));
                json.writeFieldName("channel");
                ChannelJson.write(json, item.channel());
                json.writeNumberField("score", item.score());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("errors");
            for (Error error : errors) {
                json.writeStartObject();
                json.writeStringField("channel", error.channel());
                json.writeStringField("code", error.problem().code());
                json.writeNumberField("status", error.problem().status());
                if (error.problem().retryAfter() != null) {
                    json.writeNumberField("retry_after", ProblemJson.retryAfterSeconds(error.problem()));
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        });
    }
}
