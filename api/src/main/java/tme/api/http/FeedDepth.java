package tme.api.http;

import io.vertx.ext.web.RoutingContext;
import tme.api.service.FeedRequest;

/**
 * The depth a page that names feed URLs was asked for ({@code pages=N} on the home page and the OPML export): validated
 * as the feed validates it (a 422 naming {@code pages}), and written onto the URLs it names, so a reader subscribing
 * from them gets the feed that deep.
 *
 * @param pages each channel's latest page and {@code pages - 1} before it
 */
record FeedDepth(int pages) {

    /** The request's {@code pages}, at most {@code maxPages} ({@code FEED_MAX_PAGES}). */
    static FeedDepth of(RoutingContext ctx, int maxPages) {
        return new FeedDepth(FeedRequest.pages(ctx.queryParams().get("pages"), maxPages));
    }

    /** What a feed file's URL ({@code /feeds/<name>.atom}) ends with: nothing for the latest page, else {@code ?pages=N}. */
    String query() {
        return pages == 1 ? "" : "?pages=" + pages;
    }

    /** What a URL with a query already ends with: nothing for the latest page, else {@code &pages=N}. */
    String andQuery() {
        return pages == 1 ? "" : "&pages=" + pages;
    }
}
