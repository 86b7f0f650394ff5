package tme.scraper.parse;

import java.util.Optional;
import java.util.function.Function;
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
        return parse(Html.of(html), mode);
    }

    /** As {@link #parse(String, ParserMode)}, from the page as t.me sent it. */
    public static Parsed<ChannelPage> parse(Html html, ParserMode mode) {
        return parse(html, mode, doc -> Optional.empty());
    }

    /**
     * As {@link #parse(Html, ParserMode)}, with {@code page} run on a channel page before its posts are read: it
     * may change the document (a search page's highlights) and find what makes it not the page asked for.
     */
    static Parsed<ChannelPage> parse(Html html, ParserMode mode,
                                     Function<Document, Optional<PageChecks.Finding>> page) {
        if (html.isBlank()) {
            return new Parsed.Anomaly<>(Anomaly.EMPTY_PAGE, "a blank answer");
        }
        Document doc = html.parse();
        Element header = doc.selectFirst(Dom.query(Selectors.CHANNEL_HEADER));
        if (header == null) {
            return PageChecks.withoutMarkup(html.text(), doc, "channel header");
        }
        if (PageChecks.truncated(html)) {
            return new Parsed.Anomaly<>(Anomaly.TRUNCATED, "the channel page does not end with </html>");
        }
        Optional<PageChecks.Finding> other = page.apply(doc);
        if (other.isPresent()) {
            return other.get().anomaly();
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
