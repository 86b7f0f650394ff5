package tme.scraper.parse;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Offset;

/**
 * Parses t.me's in-channel search, {@code t.me/s/<channel>?q=...[&before=N]}: a channel page holding only the
 * matching posts, newest last, each match wrapped in {@code <mark class="highlight">}, the query echoed in the
 * header's search box, and a "more" link to older matches ({@code ?q=...&before=N}); with no match, t.me's
 * "No posts found" block. The shape checks are the channel page's, and one more: a page whose search box does not
 * hold the query is {@link Anomaly#SEARCH_NOT_ECHOED}, so an empty list is an answer only when t.me says it
 * searched for this query and found nothing. The highlights are unwrapped before the posts are read, so a post
 * reads as it does on the channel page. Only {@code before} pages a search: an {@code after} cursor is dropped.
 */
public final class SearchPageParser {

    private SearchPageParser() {}

    /** The page t.me answered for {@code query}, as it was sent. */
    public static Parsed<ChannelPage> parse(String html, ParserMode mode, String query) {
        return parse(Html.of(html), mode, query);
    }

    /** As {@link #parse(String, ParserMode, String)}, from the page as t.me sent it. */
    public static Parsed<ChannelPage> parse(Html html, ParserMode mode, String query) {
        Parsed<ChannelPage> parsed = ChannelPageParser.parse(html, mode, doc -> searched(doc, query));
        if (parsed instanceof Parsed.Ok<ChannelPage>(ChannelPage page, int odd, int withoutId)) {
            return new Parsed.Ok<>(new ChannelPage(page.channel(), page.posts(), new Offset(page.offset().before(), null)),
                    odd, withoutId);
        }
        return parsed;
    }

    /** Unwraps the highlights; a finding when the search box does not hold {@code query}. */
    private static Optional<PageChecks.Finding> searched(Document doc, String query) {
        doc.select(Dom.query(Selectors.SEARCH_HIGHLIGHT)).unwrap();
        Element input = doc.selectFirst(Dom.query(Selectors.SEARCH_INPUT));
        String echoed = input == null ? null : input.attr("value");
        if (echoed != null && same(echoed, query)) {
            return Optional.empty();
        }
        return Optional.of(new PageChecks.Finding(Anomaly.SEARCH_NOT_ECHOED, echoed == null
                ? "a channel page without a search box" : "the search box holds " + quoted(echoed) + ", not the query"));
    }

    /** Equal as t.me compares queries: whatever the case, the spacing and the Unicode form. */
    private static boolean same(String echoed, String query) {
        return normal(echoed).equals(normal(query));
    }

    private static String normal(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFC).toLowerCase(Locale.ROOT).strip().replaceAll("\\s+", " ");
    }

    private static String quoted(String text) {
        return "\"" + (text.length() > 64 ? text.substring(0, 64) + "…" : text) + "\"";
    }
}
