package tme.scraper.parse;

import org.jsoup.nodes.Document;
import tme.scraper.model.MorePage;

/**
 * Parses the decoded HTML fragment of a "more" answer (t.me's {@code POST /s/<channel>?before=N}): message
 * wraps plus, when more is left, a new more-link. An empty answer means nothing is left. A fragment with
 * no t.me message markup at all is an anomaly; a "Contact @x" page means the channel is not public.
 */
public final class MoreParser {

    private MoreParser() {}

    public static Parsed<MorePage> parse(String fragmentHtml, ParserMode mode) {
        if (fragmentHtml == null || fragmentHtml.isBlank()) {
            return new Parsed.Ok<>(MorePage.EMPTY, 0);
        }
        Document doc = Dom.parse(fragmentHtml);
        boolean messageMarkup = doc.selectFirst(Selectors.POST_WRAP) != null
                || doc.selectFirst(Selectors.POST_ANY) != null
                || doc.selectFirst(Selectors.MORE_LINK) != null;
        if (!messageMarkup) {
            return doc.selectFirst(Selectors.TGME_PAGE) != null
                    ? new Parsed.NotFound<>("t.me answered with a page that has no channel messages")
                    : new Parsed.Anomaly<>("the more fragment holds no t.me message markup");
        }
        PostListParser.Posts posts = PostListParser.parse(doc, mode);
        return new Parsed.Ok<>(new MorePage(posts.posts(), Offsets.fromAnchors(doc)), posts.odd());
    }
}
