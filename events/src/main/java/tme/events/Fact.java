package tme.events;

import java.util.Objects;

/**
 * Something that became true of an item already in a log's past (a post edited, a post deleted), offered to a log
 * beside its sequenced events: appended once for the whole fleet per item and version, however many processes offer
 * it, and again when the item's version changes (an edit after an edit). It has no sequence (its entry's is 0), so it
 * neither moves nor is held back by the log's mark.
 *
 * @param item    what it is about ({@code "502"}), unique within the log
 * @param version the item's state it reports ({@code "edited:<digest>"}, {@code "deleted"}); without spaces
 * @param kind    what readers are told it is ({@code "edited"}); the entry carries it
 * @param data    its bytes, as readers get them
 */
public record Fact(String item, String version, String kind, byte[] data) {
    public Fact {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(data, "data");
        if (version == null || version.isEmpty() || version.contains(" ")) {
            throw new IllegalArgumentException("a version is a word: " + version);
        }
    }
}
