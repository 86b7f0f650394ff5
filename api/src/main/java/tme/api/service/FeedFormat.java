package tme.api.service;

import tme.api.feed.ReaderFeeds;
import tme.api.problem.InvalidInput;

/**
 * What a feed is written as: the JSON answer ({@code {"result", "errors"}}), or a feed for feed readers (Atom 1.0,
 * RSS 2.0, JSON Feed 1.1), named by {@code format=json|atom|rss|jsonfeed}; a reader's feed file ends in its
 * extension ({@code .atom}, {@code .rss}, {@code .json}), the names RSSHub's {@code format} uses too.
 */
public enum FeedFormat {
    JSON("json", null, null),
    ATOM("atom", "atom", ReaderFeeds.Format.ATOM),
    RSS("rss", "rss", ReaderFeeds.Format.RSS),
    JSON_FEED("jsonfeed", "json", ReaderFeeds.Format.JSON_FEED);

    /** The extensions, as a message lists them. */
    public static final String EXTENSIONS = "atom, rss or json";

    private static final String JSON_TYPE = "application/json; charset=utf-8";

    private final String wireName;
    private final String extension;
    private final ReaderFeeds.Format reader;

    FeedFormat(String wireName, String extension, ReaderFeeds.Format reader) {
        this.wireName = wireName;
        this.extension = extension;
        this.reader = reader;
    }

    /** The reader format whose files end in {@code extension} ({@code atom}, {@code rss}, {@code json}), or null. */
    public static FeedFormat byExtension(String extension) {
        for (FeedFormat format : values()) {
            if (format.extension != null && format.extension.equals(extension)) {
                return format;
            }
        }
        return null;
    }

    /** The format {@code format=} names ({@code json}, {@code atom}, {@code rss}, {@code jsonfeed}), or null. */
    public static FeedFormat byWireName(String raw) {
        for (FeedFormat format : values()) {
            if (format.wireName.equals(raw)) {
                return format;
            }
        }
        return null;
    }

    /** The format {@code raw} names; absent is the JSON answer; anything else is 422 naming {@code parameter}. */
    public static FeedFormat parse(String parameter, String raw) throws InvalidInput {
        if (raw == null) {
            return JSON;
        }
        FeedFormat format = byWireName(raw);
        if (format != null) {
            return format;
        }
        throw Inputs.invalid(parameter, parameter + " must be json, atom, rss or jsonfeed: " + Inputs.quoted(raw));
    }

    public String wireName() {
        return wireName;
    }

    /** A reader feed file's extension, or null for the JSON answer (no file of ours). */
    public String extension() {
        return extension;
    }

    /** The reader format, or null for the JSON answer. */
    ReaderFeeds.Format reader() {
        return reader;
    }

    /** The answer's {@code Content-Type}. */
    public String contentType() {
        return reader == null ? JSON_TYPE : reader.contentType();
    }
}
