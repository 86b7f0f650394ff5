package tme.scraper.model;

/**
 * A piece of t.me markup in two forms: {@code string} is plain text built from the DOM text nodes
 * (entities decoded, {@code <br>} as a newline) and {@code html} is the node's inner HTML as t.me sent it.
 */
public record Rich(String string, String html) {}
