package tme.scraper.parse;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Shape checks shared by the parsers: is this page what t.me serves, or an {@link Anomaly}? Pure, like the
 * parsers, and every marker they look for lives in {@link Selectors}. The checks that look for pages which are
 * not t.me's (captcha, challenge) run only where t.me's own header or card is missing, so a post that talks
 * about captchas cannot trip them.
 */
final class PageChecks {

    /**
     * Fewer messages than this say nothing about the markup: one post without a date is a lenient parse of an
     * odd post, not a renamed {@code <time>}. t.me sends about 20 per page and "more" answer.
     */
    static final int MIN_MESSAGES_FOR_SHAPE = 3;

    private PageChecks() {}

    /** A document with nothing in its body: no text and no element but scripts and styles. */
    static boolean emptyBody(Document doc) {
        return doc.body().text().isBlank() && doc.select(Dom.query(Selectors.BODY_CONTENT)).isEmpty();
    }

    /**
     * Why a page without the t.me markup its parser wants is not t.me's: a captcha, a bot challenge, a cut-off
     * answer (which may leave an empty body: cut-off says more), or an empty body. Empty when none applies.
     */
    static Optional<Finding> notTme(String html, Document doc) {
        String lower = html.toLowerCase(Locale.ROOT);
        Optional<String> captcha = firstIn(lower, Selectors.CAPTCHA_MARKERS);
        if (captcha.isPresent()) {
            return Optional.of(new Finding(Anomaly.CAPTCHA, "a captcha page (" + captcha.get() + ")"));
        }
        Optional<String> challenge = firstIn(lower, Selectors.CHALLENGE_MARKERS);
        if (challenge.isPresent()) {
            return Optional.of(new Finding(Anomaly.CHALLENGE, "a bot challenge page (" + challenge.get() + ")"));
        }
        if (truncated(html)) {
            return Optional.of(new Finding(Anomaly.TRUNCATED, "a page without t.me's markup that does not end"
                    + " with </html>"));
        }
        if (emptyBody(doc)) {
            return Optional.of(new Finding(Anomaly.EMPTY_PAGE, "the page has an empty body"));
        }
        return Optional.empty();
    }

    /**
     * What a page without the markup its parser wants is: not t.me's (captcha, challenge, cut off, empty), t.me's
     * "Contact" page (not found), or an unknown page. {@code lacking} names what was missing, for the details.
     */
    static <T> Parsed<T> withoutMarkup(String html, Document doc, String lacking) {
        Optional<Finding> notTme = notTme(html, doc);
        if (notTme.isPresent()) {
            return notTme.get().anomaly();
        }
        return doc.selectFirst(Dom.query(Selectors.TGME_PAGE)) != null
                ? new Parsed.NotFound<>("t.me answered with a page that has no " + lacking)
                : new Parsed.Anomaly<>(Anomaly.UNKNOWN_PAGE, "no " + lacking + " and not a known not-found page");
    }

    /** A full page (it starts as one) that never reaches its closing {@code </html>}: the answer was cut off. */
    static boolean truncated(String html) {
        return truncated(Html.of(html));
    }

    /** As {@link #truncated(String)}, reading only the page's two ends. */
    static boolean truncated(Html html) {
        String start = html.start(Selectors.PAGE_START_WINDOW).toLowerCase(Locale.ROOT);
        if (Selectors.PAGE_STARTS.stream().noneMatch(start::contains)) {
            return false; // a fragment, not a page: nothing says where it should end
        }
        return !html.end(Selectors.PAGE_END_WINDOW).toLowerCase(Locale.ROOT).contains(Selectors.PAGE_END);
    }

    /**
     * The post list's shape: message blocks without a readable post, no posts without t.me's "No posts found"
     * (only on full pages: an empty "more" answer is legitimate), or, of at least {@link #MIN_MESSAGES_FOR_SHAPE}
     * messages, more than half without id or date.
     */
    static Optional<Finding> posts(Element root, PostListParser.Posts posts, boolean fullPage) {
        if (posts.posts().isEmpty()) {
            int blocks = root.select(Dom.query(Selectors.MESSAGE_BLOCKS)).size();
            if (blocks > 0) {
                return Optional.of(new Finding(Anomaly.BLOCKS_WITHOUT_POSTS,
                        blocks + " message blocks but no readable post"));
            }
            if (fullPage && root.selectFirst(Dom.query(Selectors.NO_POSTS_FOUND)) == null) {
                return Optional.of(new Finding(Anomaly.NO_POSTS_UNEXPLAINED,
                        "a channel header, no posts and no \"No posts found\" marker"));
            }
            return Optional.empty();
        }
        if (posts.messages() >= MIN_MESSAGES_FOR_SHAPE && posts.withoutIdOrDate() * 2 > posts.messages()) {
            return Optional.of(new Finding(Anomaly.POSTS_WITHOUT_ID_OR_DATE,
                    posts.withoutIdOrDate() + " of " + posts.messages() + " messages lack an id or a date"));
        }
        return Optional.empty();
    }

    /** One failed check; {@link #anomaly()} types it for the parser's result. */
    record Finding(Anomaly kind, String detail) {

        <T> Parsed<T> anomaly() {
            return new Parsed.Anomaly<>(kind, detail);
        }
    }

    private static Optional<String> firstIn(String lowerHtml, List<String> markers) {
        return markers.stream().filter(lowerHtml::contains).findFirst();
    }
}
