package tme.scraper.model;

import java.util.List;

/**
 * A poll as t.me shows it: {@code type} like "Anonymous Poll" or "Anonymous Quiz", {@code votes} the voter count
 * as shown. Options keep their order.
 */
public record Poll(String question, String type, String votes, List<Option> options) {
    public Poll {
        options = List.copyOf(options);
    }

    /** The voters as a number ({@code "1.2K votes"} is 1200), null when t.me shows none. */
    public Long votesCount() {
        return ShownCount.parse(votes);
    }

    /** One answer; {@code percent} is null if t.me showed no number. */
    public record Option(String name, Integer percent) {}
}
