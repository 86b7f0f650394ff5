package tme.api.service;

/**
 * A part t.me always sends that a parsed page lacked, by the selector that should have found it, so a markup change
 * shows up as {@code tme_scrape_misses_total{field=...}} before readers report it. Only parts that are never
 * legitimately absent count: a post may have no text (a photo) or no views (a service message, some of which the
 * model does not tell apart), but never no id, no date, or nothing at all to show.
 */
enum ParserMiss {
    /** A message without a readable {@code data-post} id: skipped. */
    POST_ID("post_id"),
    /** A post without {@code .tgme_widget_message_date time[datetime]}. */
    POST_DATE("post_date"),
    /** A post with no text, media, poll, link preview or service message: its content markup moved. */
    POST_CONTENT("post_content"),
    /** A channel page whose header has no title ({@code .tgme_channel_info_header_title}). */
    CHANNEL_TITLE("channel_title"),
    /** A preview card without a title ({@code .tgme_page_title}). */
    PREVIEW_TITLE("preview_title");

    private final String field;

    ParserMiss(String field) {
        this.field = field;
    }

    /** The label value, stable for dashboards and alerts. */
    String field() {
        return field;
    }
}
