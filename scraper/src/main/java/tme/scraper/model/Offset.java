package tme.scraper.model;

/**
 * Paging cursors taken from a page's "more" links: {@code before} asks t.me for older posts, {@code after} for
 * newer ones. Both are post ids; null when t.me offers no page in that direction.
 */
public record Offset(Integer before, Integer after) {

    public static final Offset NONE = new Offset(null, null);
}
