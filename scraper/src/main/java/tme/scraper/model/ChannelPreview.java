package tme.scraper.model;

/**
 * The {@code t.me/<channel>} card: {@code subscribers} is the text as shown ({@code "10 552 044 subscribers"}),
 * {@code subscribersCount} its number (null if the text has none). {@code description} and {@code avatar} may be null.
 */
public record ChannelPreview(String title, String subscribers, Long subscribersCount, String description,
                             String avatar, boolean verified) {}
