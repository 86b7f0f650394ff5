package tme.scraper.model;

import java.util.List;

/**
 * The channel header of a {@code t.me/s/<channel>} page. {@code description} and {@code avatar} are null when
 * the channel has none; {@code labels} are t.me's header marks by name (e.g. {@code verified}).
 */
public record Channel(String username, Rich title, Rich description, String avatar, Counters counters,
                      List<String> labels) {
    public Channel {
        labels = List.copyOf(labels);
    }
}
