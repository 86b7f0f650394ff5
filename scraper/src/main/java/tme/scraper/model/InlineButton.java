package tme.scraper.model;

/** One button of a post's inline keyboard (all rows, in reading order); {@code url} is null for non-link buttons. */
public record InlineButton(String title, String url) {}
