package tme.api.render;

import static tme.api.render.PageReader.list;
import static tme.api.render.PageReader.rich;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import tme.scraper.model.Content;
import tme.scraper.model.InlineButton;
import tme.scraper.model.LinkPreview;
import tme.scraper.model.Media;
import tme.scraper.model.PlayTime;
import tme.scraper.model.Poll;
import tme.scraper.model.Reaction;
import tme.scraper.model.Reply;
import tme.scraper.model.ServiceMessage;

/**
 * A post's {@code content} read back, the inverse of {@link ContentJson}, {@link MediaJson}, {@link ReactionJson}
 * and {@link ServiceJson}: each part by the wire name its writer gave it.
 */
final class ContentReader {

    private ContentReader() {}

    static Content content(JsonObject content) {
        return new Content(PageReader.text(content.getJsonObject("text")),
                list(content.getJsonArray("media"), item -> media((JsonObject) item)),
                poll(content.getJsonObject("poll")),
                list(content.getJsonArray("inline"), ContentReader::button),
                reply(content.getJsonObject("reply")),
                preview(content.getJsonObject("preview_link")),
                list(content.getJsonArray("reacts"), item -> reaction((JsonObject) item)),
                service(content.getJsonObject("service")));
    }

    static Media media(JsonObject m) {
        String url = m.getString("url");
        String thumb = m.getString("thumb");
        return switch (m.getString("type")) {
            case "image" -> new Media.Photo(url);
            case "video" -> new Media.Video(url, thumb, duration(m), available(m));
            case "gif" -> new Media.Gif(url, thumb, available(m));
            case "roundvideo" -> new Media.RoundVideo(url, thumb, duration(m));
            case "voice" -> new Media.Voice(url, m.getString("waves"), duration(m));
            case "audio" -> new Media.Audio(m.getString("title"), m.getString("performer"), m.getString("size"));
            case "document" -> new Media.Document(m.getString("title"), m.getString("size"));
            case "sticker" -> new Media.Sticker(stickerFormat(m.getString("format")), url, thumb);
            case "location" -> new Media.Location(url, thumb, m.containsKey("latitude")
                    ? new Media.Location.LatLon(m.getDouble("latitude"), m.getDouble("longitude")) : null);
            case "unsupported" -> new Media.Unsupported(url);
            default -> throw new IllegalStateException("unknown media type in a stored answer: " + m.getString("type"));
        };
    }

    /** Written only as false: an absent {@code available} is an available item. */
    private static boolean available(JsonObject media) {
        return media.getBoolean("available", true);
    }

    private static PlayTime duration(JsonObject media) {
        JsonObject duration = media.getJsonObject("duration");
        if (duration == null) {
            return null;
        }
        Long raw = duration.getLong("raw");
        return new PlayTime(duration.getString("formatted"), raw == null ? null : Duration.ofSeconds(raw));
    }

    private static Media.Sticker.Format stickerFormat(String wireName) {
        if (wireName == null) {
            return null;
        }
        for (Media.Sticker.Format format : Media.Sticker.Format.values()) {
            if (format.wireName().equals(wireName)) {
                return format;
            }
        }
        throw new IllegalStateException("unknown sticker format in a stored answer: " + wireName);
    }

    private static Poll poll(JsonObject poll) {
        return poll == null ? null : new Poll(poll.getString("question"), poll.getString("type"), poll.getString("votes"),
                list(poll.getJsonArray("options"), item -> {
                    JsonObject option = (JsonObject) item;
                    return new Poll.Option(option.getString("name"), option.getInteger("percent"));
                }));
    }

    private static InlineButton button(Object item) {
        JsonObject button = (JsonObject) item;
        return new InlineButton(button.getString("title"), button.getString("url"));
    }

    private static Reply reply(JsonObject reply) {
        return reply == null ? null : new Reply(reply.getInteger("to_message"), rich(reply.getJsonObject("name")),
                rich(reply.getJsonObject("text")), reply.getString("cover"));
    }

    private static LinkPreview preview(JsonObject preview) {
        return preview == null ? null : new LinkPreview(preview.getString("site_name"), preview.getString("title"),
                rich(preview.getJsonObject("description")), preview.getString("thumb"), preview.getString("url"));
    }

    static Reaction reaction(JsonObject r) {
        String count = r.getString("count");
        return switch (r.getString("type")) {
            case "emoji" -> new Reaction.Emoji(r.getString("emoji"), r.getString("emoji_image"), count);
            case "custom_emoji" -> new Reaction.CustomEmoji(r.getString("emoji_id"), r.getString("emoji"),
                    r.getString("emoji_image"), count);
            case "telegram_stars" -> new Reaction.Paid(count);
            default -> throw new IllegalStateException("unknown reaction type in a stored answer: " + r.getString("type"));
        };
    }

    static ServiceMessage service(JsonObject s) {
        if (s == null) {
            return null;
        }
        var text = rich(s.getJsonObject("text"));
        return switch (s.getString("type")) {
            case "channel_created" -> new ServiceMessage.ChannelCreated(text);
            case "renamed" -> new ServiceMessage.Renamed(text, s.getString("title"));
            case "photo_changed" -> new ServiceMessage.PhotoChanged(text, s.getString("photo"));
            case "video_changed" -> new ServiceMessage.VideoChanged(text);
            case "pinned" -> new ServiceMessage.Pinned(text, s.getInteger("to_message"), s.getString("quote"));
            case "other" -> new ServiceMessage.Other(text);
            default -> throw new IllegalStateException("unknown service type in a stored answer: " + s.getString("type"));
        };
    }
}
