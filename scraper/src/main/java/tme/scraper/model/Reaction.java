package tme.scraper.model;

/** One reaction under a post; {@code count} is formatted as t.me shows it ({@code "26.7K"}). */
public sealed interface Reaction {

    String count();

    /** The count as a number ({@code "26.7K"} is 26700), null when t.me shows none we can read. */
    default Long countValue() {
        return ShownCount.parse(count());
    }

    /** A standard emoji; {@code image} is t.me's picture of it (null if t.me gave none). */
    record Emoji(String emoji, String image, String count) implements Reaction {}

    /** A custom emoji by id; {@code emoji} and {@code image} are t.me's fallback glyph and picture, often null. */
    record CustomEmoji(String id, String emoji, String image, String count) implements Reaction {}

    /** Paid reactions (Telegram Stars). */
    record Paid(String count) implements Reaction {}
}
