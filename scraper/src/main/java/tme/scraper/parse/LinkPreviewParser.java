package tme.scraper.parse;

import org.jsoup.nodes.Element;
import tme.scraper.model.LinkPreview;

/** The link preview card: site, title, description, its image as {@code thumb}, and the target URL. */
final class LinkPreviewParser {

    private LinkPreviewParser() {}

    static LinkPreview parse(Element bubble) {
        Element card = bubble.selectFirst(Selectors.LINK_PREVIEW);
        if (card == null) {
            return null;
        }
        Element description = card.selectFirst(Selectors.PREVIEW_DESCRIPTION);
        return new LinkPreview(
                Dom.text(card, Selectors.PREVIEW_SITE),
                Dom.text(card, Selectors.PREVIEW_TITLE),
                description == null || description.text().isBlank() ? null : TextParser.rich(description),
                Urls.background(card.selectFirst(Selectors.PREVIEW_THUMB)),
                Urls.link(card.attr("href")));
    }
}
