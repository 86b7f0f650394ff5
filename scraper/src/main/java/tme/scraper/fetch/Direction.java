package tme.scraper.fetch;

/** Which way a "more" page goes from its anchor post: older ({@code before}) or newer ({@code after}). */
public enum Direction {
    BEFORE("before"),
    AFTER("after");

    private final String query;

    Direction(String query) {
        this.query = query;
    }

    /** The query parameter t.me uses, also the path segment of {@code /v1/more}. */
    public String query() {
        return query;
    }
}
