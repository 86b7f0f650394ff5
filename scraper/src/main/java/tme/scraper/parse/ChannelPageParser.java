package tme.scraper.parse;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPage;

/**
 * Parses a {@code t.me/s/<channel>[/<position>]} page. A page with the channel header is a channel (possibly
 * without posts); t.me's "Contact @x" page (a {@code tgme_page} without that header) means no such public
 * channel; anything else (an empty page, a captcha, changed markup) is an anomaly, never "not found".
 */
public final class ChannelPageParser {

    private ChannelPageParser() {}

    public static Parsed<ChannelPage> parse(String html, ParserMode mode) {
        Document doc = Dom.parse(html == null ? "" : html);
        Element header = doc.selectFirst(Selectors.CHANNEL_HEADER);
        if (header == null) {
            return doc.selectFirst(Selectors.TGME_PAGE) != null
                    ? new Parsed.NotFound<>("t.me answered with a page that has no channel header")
                    : new Parsed.Anomaly<>("neither a channel header nor a known not-found page");
        }
        Channel channel = ChannelHeaderParser.parse(doc, header);
        PostListParser.Posts posts = PostListParser.parse(doc, mode);
        return new Parsed.Ok<>(new ChannelPage(channel, posts.posts(), Offsets.fromPage(doc)), posts.odd());
    }
}
