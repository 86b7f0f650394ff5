package tme.scraper.parse;

/**
 * Why a page is not what t.me serves for a channel, one kind per cause, so the caller can count each kind
 * apart ({@code scrape.anomaly.<metricName>}) and tell a markup change from a captcha or a cut-off answer.
 * The metric names are stable: dashboards and alerts use them.
 */
public enum Anomaly {

    /** The page asks a human to solve a captcha (reCAPTCHA, hCaptcha, Cloudflare's "Attention Required"). */
    CAPTCHA("captcha"),
    /** A bot check runs instead of the page (Cloudflare's "Just a moment...", its challenge platform). */
    CHALLENGE("challenge"),
    /** A blank answer, or a document with nothing in its body. */
    EMPTY_PAGE("empty_page"),
    /** A full page that does not reach its closing {@code </html>}: the answer was cut off. */
    TRUNCATED("truncated"),
    /** t.me's message blocks ({@code data-post}, message wraps) are there but no post could be read from them:
     *  most likely t.me renamed its message markup ({@code tgme_widget_message}). */
    BLOCKS_WITHOUT_POSTS("blocks_without_posts"),
    /** A channel header, no posts, and none of t.me's "No posts found" markup that a truly empty list shows. */
    NO_POSTS_UNEXPLAINED("no_posts_unexplained"),
    /** More than half of the posts lack an id or a date: the post markup has changed under us. */
    POSTS_WITHOUT_ID_OR_DATE("posts_without_id_or_date"),
    /** Neither a channel page nor a known not-found page (nor any kind above). */
    UNKNOWN_PAGE("unknown_page"),
    /**
     * The page has no posts while the last good copy had some. Only the caller can tell (it holds the last
     * copy), so the parsers never return it; it lives here so every anomaly is counted the same way.
     */
    POSTS_VANISHED("posts_vanished"),
    /**
     * A channel page asked for as a search ({@code ?q=}) whose search box does not hold the query: t.me answered
     * something else (its plain channel page, a page served to a throttled client), so its posts, or its "No posts
     * found", say nothing of the search.
     */
    SEARCH_NOT_ECHOED("search_not_echoed");

    private final String metricName;

    Anomaly(String metricName) {
        this.metricName = metricName;
    }

    /** The stable snake_case name for metrics and logs, e.g. {@code "blocks_without_posts"}. */
    public String metricName() {
        return metricName;
    }
}
