package tme.scraper.parse;

import java.util.Optional;
import org.jsoup.nodes.Document;
import tme.scraper.model.MorePage;

/**
 * Parses the decoded HTML fragment of a "more" answer (t.me's {@code POST /s/<channel>?before=N}): message
 * wraps plus, when more is left, a new more-link. An empty answer ({@code ""}) means nothing is left, and so
 * does t.me's "No posts found" stub. A "Contact @x" page means the channel is not public. Anomalies: message
 * blocks without a readable post, posts mostly without id or date, and, with no message markup at all, an
 * empty body, a captcha, a bot challenge or an unknown page. A fragment is not a full page, so it has no
 * {@code </html>} to be cut off before.
 */
public final class MoreParser {

    private MoreParser() {}

    public static Parsed<MorePage> parse(String fragmentHtml, ParserMode mode) {
        if (fragmentHtml == null || fragmentHtml.isBlank()) {
            return new Parsed.Ok<>(MorePage.EMPTY, 0);
        }
        Document doc = Dom.parse(fragmentHtml);
        boolean messageMarkup = doc.selectFirst(Dom.query(Selectors.POST_WRAP)) != null
                || doc.selectFirst(Dom.query(Selectors.POST_ANY)) != null
                || doc.selectFirst(Dom.query(Selectors.MORE_LINK)) != null
                || doc.selectFirst(Dom.query(Selectors.MESSAGE_BLOCKS)) != null;
        if (!messageMarkup) {
            return PageChecks.withoutMarkup(fragmentHtml, doc, "channel messages");
        }
        PostListParser.Posts posts = PostListParser.parse(doc, mode);
        Optional<PageChecks.Finding> shape = PageChecks.posts(doc, posts, false);
        if (shape.isPresent()) {
            return shape.get().anomaly();
        }
        return new Parsed.Ok<>(new MorePage(posts.posts(), Offsets.fromAnchors(doc)), posts.odd(),
                posts.withoutId());
    }
}
