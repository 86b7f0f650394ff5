package tme.scraper.parse;

import org.jsoup.nodes.Element;
import tme.scraper.model.LinkPreview;

/** The link preview card: site, title, description, its image as {@code thumb}, and the target URL. */
final class LinkPreviewParser {

    /** A card with nothing readable in it: no preview, as the answer leaves empty objects out. */
    private static final LinkPreview NOTHING = new LinkPreview(null, null, null, null, null);

    private LinkPreviewParser() {}

    static LinkPreview parse(Element bubble) {
        Element card = bubble.selectFirst(Dom.query(Selectors.LINK_PREVIEW));
        if (card == null) {
            return null;
        }
        LinkPreview parsed = new LinkPreview(
                Dom.text(card, Selectors.PREVIEW_SITE),
                Dom.text(card, Selectors.PREVIEW_TITLE),
                TextParser.shown(card.selectFirst(Dom.query(Selectors.PREVIEW_DESCRIPTION))),
                Urls.background(card.selectFirst(Dom.query(Selectors.PREVIEW_THUMB))),
                Urls.link(card.attr("href")));
        return parsed.equals(NOTHING) ? null : parsed;
    }
}
