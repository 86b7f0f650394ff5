package tme.scraper.model;

/**
 * The preview card t.me shows under a link. Its image is the {@code thumb} here and is not reported as a media
 * item of the post. Any field but {@code url} may be null.
 */
public record LinkPreview(String siteName, String title, Rich description, String thumb, String url) {}
