package tme.scraper.model;

/**
 * The post a message replies to: its id ({@code toMessage}, null if t.me's link had none), the replied-to
 * author's name, the quoted text as t.me shows it (for media without a caption a word like "Video") and the
 * quoted media's thumbnail ({@code cover}, null when there is none).
 */
public record Reply(Integer toMessage, Rich name, Rich text, String cover) {}
