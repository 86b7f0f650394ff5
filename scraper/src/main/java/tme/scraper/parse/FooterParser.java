package tme.scraper.parse;

import java.time.OffsetDateTime;
import java.util.Locale;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import tme.scraper.model.PostDate;
import tme.scraper.model.Rich;

/** The footer line of a post: edited mark, author signature, date. Views are a plain text read by the caller. */
final class FooterParser {

    private FooterParser() {}

    /**
     * t.me writes "edited" as bare text somewhere in the meta line ({@code "Author, edited 22:36"} or
     * {@code "edited 10:37"}). Only the meta's own text nodes are read, so a signature that happens to
     * contain the word does not count.
     */
    static boolean edited(Element bubble) {
        Element meta = bubble.selectFirst(Dom.query(Selectors.META));
        if (meta == null) {
            return false;
        }
        for (TextNode node : meta.textNodes()) {
            if (node.text().toLowerCase(Locale.ROOT).contains(Selectors.EDITED_WORD)) {
                return true;
            }
        }
        return false;
    }

    static Rich author(Element bubble) {
        return TextParser.shown(bubble.selectFirst(Dom.query(Selectors.AUTHOR_SIGNATURE)));
    }

    /** The post date; null without a {@code <time>}; a malformed datetime throws (the caller counts it). */
    static PostDate date(Element bubble) {
        Element time = bubble.selectFirst(Dom.query(Selectors.DATE_TIME));
        if (time == null) {
            Element info = bubble.selectFirst(Dom.query(Selectors.INFO));
            time = info == null ? null : info.selectFirst(Dom.query(Selectors.ANY_TIME));
        }
        if (time == null) {
            return null;
        }
        String raw = time.attr(Selectors.DATETIME_ATTR).strip();
        return new PostDate(raw, OffsetDateTime.parse(raw).toEpochSecond());
    }
}
