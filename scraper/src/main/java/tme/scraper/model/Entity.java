package tme.scraper.model;

/**
 * One formatting entity. {@code offset} and {@code length} count UTF-16 code units of {@link Text#string()},
 * as the Telegram Bot API does. {@code url} is set for text_link, url (the link's target, since t.me may
 * shorten the shown text), emoji (its image) and custom_emoji (its image, when t.me draws one);
 * {@code language} only for pre; {@code customEmojiId} only for custom_emoji. Absent values are null.
 */
public record Entity(EntityType type, int offset, int length, String url, String language, String customEmojiId) {

    public static Entity of(EntityType type, int offset, int length) {
        return new Entity(type, offset, length, null, null, null);
    }
}
