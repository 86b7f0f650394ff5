package tme.scraper.parse;

import java.util.Optional;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPage;

/**
 * Parses a {@code t.me/s/<channel>[/<position>]} page. A page with the channel header is a channel (possibly
 * without posts, when t.me says "No posts found"); t.me's "Contact @x" page (a {@code tgme_page} without that
 * header) means no such public channel; anything else is an {@link Anomaly} of its kind, never "not found":
 * a blank or cut-off answer, a captcha or bot challenge, message blocks without readable posts (renamed
 * markup), a header with an unexplained empty list, posts mostly without id or date, or an unknown page.
 */
public final class ChannelPageParser {

    private ChannelPageParser() {}

    public static Parsed<ChannelPage> parse(String html, ParserMode mode) {
        String page = html == null ? "" : html;
        if (page.isBlank()) {
            return new Parsed.Anomaly<>(Anomaly.EMPTY_PAGE, "a blank answer");
        }
        Document doc = Dom.parse(page);
        Element header = doc.selectFirst(Selectors.CHANNEL_HEADER);
        if (header == null) {
            return PageChecks.withoutMarkup(page, doc, "channel header");
        }
        if (PageChecks.truncated(page)) {
            return new Parsed.Anomaly<>(Anomaly.TRUNCATED, "the channel page does not end with </html>");
        }
        Channel channel = ChannelHeaderParser.parse(doc, header);
        PostListParser.Posts posts = PostListParser.parse(doc, mode);
        Optional<PageChecks.Finding> shape = PageChecks.posts(doc, posts, true);
        if (shape.isPresent()) {
            return shape.get().anomaly();
        }
        return new Parsed.Ok<>(new ChannelPage(channel, posts.posts(), Offsets.fromPage(doc)), posts.odd(),
                posts.withoutId());
    }
}
