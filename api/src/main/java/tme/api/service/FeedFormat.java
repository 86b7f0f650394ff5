package tme.api.service;

import tme.api.feed.ReaderFeeds;
import tme.api.problem.InvalidInput;

/**
 * What a feed is written as: the JSON answer ({@code {"result", "errors"}}), or a feed for feed readers (Atom 1.0,
 * RSS 2.0, JSON Feed 1.1), named by {@code format=json|atom|rss|jsonfeed}.
 */
public enum FeedFormat {
    JSON("json", null),
    ATOM("atom", ReaderFeeds.Format.ATOM),
    RSS("rss", ReaderFeeds.Format.RSS),
    JSON_FEED("jsonfeed", ReaderFeeds.Format.JSON_FEED);

    private static final String JSON_TYPE = "application/json; charset=utf-8";

    private final String wireName;
    private final ReaderFeeds.Format reader;

    FeedFormat(String wireName, ReaderFeeds.Format reader) {
        this.wireName = wireName;
        this.reader = reader;
    }

    /** The format {@code raw} names; absent is the JSON answer; anything else is 422 naming {@code parameter}. */
    public static FeedFormat parse(String parameter, String raw) throws InvalidInput {
        if (raw == null) {
            return JSON;
        }
        for (FeedFormat format : values()) {
            if (format.wireName.equals(raw)) {
                return format;
            }
        }
        throw Inputs.invalid(parameter, parameter + " must be json, atom, rss or jsonfeed: " + Inputs.quoted(raw));
    }

    public String wireName() {
        return wireName;
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
