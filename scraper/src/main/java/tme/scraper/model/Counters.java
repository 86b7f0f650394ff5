package tme.scraper.model;

/**
 * The header counters, formatted as t.me shows them ({@code "10.1M"}, {@code "93"}); null when t.me shows none.
 * The singular forms t.me uses for a count of one ({@code 1 subscriber}, {@code 1 photo}) land in the same fields.
 */
public record Counters(String subscribers, String photos, String videos, String files, String links) {

    public static final Counters NONE = new Counters(null, null, null, null, null);

    /** The subscribers as a number ({@code "10.1M"} is 10100000), null when t.me shows none. */
    public Long subscribersCount() {
        return ShownCount.parse(subscribers);
    }
}
