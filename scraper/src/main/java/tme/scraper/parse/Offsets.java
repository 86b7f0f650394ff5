package tme.scraper.parse;

import java.net.URI;
import org.jsoup.nodes.Element;
import tme.scraper.model.Offset;

/**
 * Paging cursors. The "more" anchors ({@code data-before} / {@code data-after}) are what t.me's own script
 * follows, so they win; a full page's {@code <link rel=prev|next>} fills a direction they leave open.
 */
final class Offsets {

    private Offsets() {}

    /** From the more anchors only (a "more" fragment has no head). */
    static Offset fromAnchors(Element root) {
        Integer before = null;
        Integer after = null;
        // Later anchors win, as in t.me's page: a ?before page ends with the anchor to newer posts.
        for (Element anchor : root.select(Dom.query(Selectors.MORE_LINK))) {
            before = firstNonNull(cursor(anchor, Selectors.BEFORE), before);
            after = firstNonNull(cursor(anchor, Selectors.AFTER), after);
        }
        return new Offset(before, after);
    }

    /** From the more anchors, then the head links of a full page. */
    static Offset fromPage(Element doc) {
        Offset anchors = fromAnchors(doc);
        Integer before = anchors.before();
        Integer after = anchors.after();
        for (Element link : doc.select(Dom.query(Selectors.HEAD_PAGER))) {
            String href = link.attr("href");
            before = firstNonNull(before, queryInt(href, Selectors.BEFORE));
            after = firstNonNull(after, queryInt(href, Selectors.AFTER));
        }
        return new Offset(before, after);
    }

    private static Integer cursor(Element anchor, String direction) {
        Integer fromData = Dom.positiveInt(anchor.attr("data-" + direction).strip());
        return fromData != null ? fromData : queryInt(anchor.attr("href"), direction);
    }

    /** The value of {@code name=<digits>} in the query of an href, or null. */
    static Integer queryInt(String href, String name) {
        String query;
        try {
            query = URI.create(href.strip()).getRawQuery();
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return Dom.positiveInt(pair.substring(name.length() + 1));
            }
        }
        return null;
    }

    private static Integer firstNonNull(Integer first, Integer second) {
        return first != null ? first : second;
    }
}
