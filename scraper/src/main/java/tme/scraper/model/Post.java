package tme.scraper.model;

/**
 * One channel message. {@code view} is t.me's opaque view-counting token ({@code data-view}); {@code forwarded}
 * is null unless the post was forwarded. Everything else optional sits in {@link Content} and {@link Footer}.
 */
public record Post(int id, String view, Content content, Footer footer, Forwarded forwarded) {}
