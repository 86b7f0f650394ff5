package tme.api.service;

import java.time.Duration;

/**
 * How long each kind of answer stays fresh. A channel's latest page changes with every new post; a page around
 * an old post changes only in its view counts; a channel's profile changes rarely. Why these defaults:
 * {@code docs/caching.md}.
 *
 * @param latest   the latest page ({@code /v1/body} without position) and "more after" pages, which grow
 * @param page     a page around a position and single posts
 * @param preview  a channel's profile ({@code /v1/preview(s)})
 * @param notFound an unknown channel or post (negative caching)
 * @param search   a search inside a channel ({@code /v1/search}): its newest matches change as the latest page does
 * @param old      a "more before" page, older than the latest: only its view counts change (history walks read them)
 */
public record Ttls(Duration latest, Duration page, Duration preview, Duration notFound, Duration search, Duration old) {

    /** Longest freshness: a week. Stored values carry it in milliseconds as an int (up to ~24 days). */
    public static final Duration MAX = Duration.ofDays(7);
}
