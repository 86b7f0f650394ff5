package tme.bench.mixed;

import java.util.Locale;

/** The kinds of request the mixed load sends; its report has a row of latencies per kind. */
public enum RouteClass {
    /** {@code GET /v1/body/<ch>}: a channel's latest page. */
    BODY,
    /** {@code GET /v1/post/<ch>/<id>}: one post. */
    POST,
    /** {@code POST /v1/previews}: the cards of a few channels. */
    PREVIEWS,
    /** {@code GET /v1/feed?channels=...}: a few channels' posts ranked, as JSON. */
    FEED,
    /** {@code POST /graphql}: a channel's latest posts. */
    GRAPHQL,
    /** {@code GET /feeds/<ch>.atom}: a reader's feed of one channel. */
    ATOM;

    /** The name on the command line and in the report. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RouteClass of(String label) {
        for (RouteClass c : values()) {
            if (c.label().equals(label)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no route class " + label + "; want one of body, post, previews, feed,"
                + " graphql, atom");
    }
}
