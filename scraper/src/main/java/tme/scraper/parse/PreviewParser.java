package tme.scraper.parse;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.ShownCount;

/**
 * Parses the {@code t.me/<channel>} card. It is a channel when the card links its {@code /s/} preview (a
 * structural signal, unlike the English button text); other cards (users, bots, groups, unknown names) are
 * not found. Anomalies: a blank or cut-off answer, a captcha or bot challenge, and any other page without a card.
 */
public final class PreviewParser {

    private PreviewParser() {}

    public static Parsed<ChannelPreview> parse(String html) {
        return parse(Html.of(html));
    }

    /** As {@link #parse(String)}, from the page as t.me sent it. */
    public static Parsed<ChannelPreview> parse(Html html) {
        if (html.isBlank()) {
            return new Parsed.Anomaly<>(Anomaly.EMPTY_PAGE, "a blank answer");
        }
        Document doc = html.parse();
        Element page = doc.selectFirst(Dom.query(Selectors.TGME_PAGE));
        if (page == null) {
            return PageChecks.notTme(html.text(), doc).<Parsed<ChannelPreview>>map(PageChecks.Finding::anomaly)
                    .orElseGet(() -> new Parsed.Anomaly<>(Anomaly.UNKNOWN_PAGE, "no tgme_page card on the page"));
        }
        if (PageChecks.truncated(html)) {
            return new Parsed.Anomaly<>(Anomaly.TRUNCATED, "the profile page does not end with </html>");
        }
        Element titleBox = page.selectFirst(Dom.query(Selectors.PREVIEW_TITLE_BOX));
        if (titleBox == null || page.selectFirst(Dom.query(Selectors.PREVIEW_CONTEXT_LINK)) == null) {
            return new Parsed.NotFound<>("the t.me card is not a channel's");
        }
        String subscribers = Dom.text(page, Selectors.PREVIEW_EXTRA);
        Element avatar = page.selectFirst(Dom.query(Selectors.PREVIEW_AVATAR));
        return new Parsed.Ok<>(new ChannelPreview(
                title(titleBox),
                subscribers,
                ShownCount.parse(subscribers),
                description(page),
                avatar == null ? null : Urls.absolute(avatar.attr("src")),
                page.selectFirst(Dom.query(Selectors.PREVIEW_VERIFIED)) != null), 0);
    }

    private static String title(Element titleBox) {
        Element span = titleBox.selectFirst(Dom.query(Selectors.PREVIEW_TITLE_SPAN));
        return Dom.blankToNull(TextParser.rich(span != null ? span : titleBox).string());
    }

    private static String description(Element page) {
        Element node = page.selectFirst(Dom.query(Selectors.PREVIEW_PAGE_DESCRIPTION));
        return node == null ? null : Dom.blankToNull(TextParser.rich(node).string());
    }
}
