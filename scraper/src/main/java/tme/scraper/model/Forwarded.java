package tme.scraper.model;

/** Where a forwarded post came from: the source's name and, when t.me links it, the original post's URL. */
public record Forwarded(Rich name, String url) {}
