package tme.scraper.parse;

/**
 * Every CSS selector and class name we read from t.me's markup. This file is our contract with t.me:
 * when t.me changes its markup, this is the one file to change.
 */
final class Selectors {

    private Selectors() {}

    // ---- page, channel header, posts, media, preview page ----

    // ---- (end of page/post section) ----


    // ---- text and entities ----

    /**
     * Class of a post's text div. Album captions nest a second, identical div inside the first
     * ({@code meduzalive/141890}); {@link TextParser} reads the inner one.
     */
    static final String TEXT_CLASS = "tgme_widget_message_text";

    /** Plain emoji: {@code <i class="emoji" style="background-image:url('//telegram.org/img/emoji/40/F09F918D.png')"><b>👍</b></i>}. */
    static final String TEXT_EMOJI_TAG = "i";
    static final String TEXT_EMOJI_CLASS = "emoji";

    /** Custom emoji: {@code <tg-emoji emoji-id="5228784522924930237"><i class="emoji" ...><b>🇪🇺</b></i></tg-emoji>}. */
    static final String TEXT_CUSTOM_EMOJI_TAG = "tg-emoji";
    static final String TEXT_CUSTOM_EMOJI_ID = "emoji-id";

    /** The inline style that carries an emoji's image: {@code background-image:url('//telegram.org/...png')}. */
    static final java.util.regex.Pattern TEXT_BACKGROUND_URL =
            java.util.regex.Pattern.compile("background-image\\s*:\\s*url\\(\\s*['\"]?([^'\")]+)['\"]?\\s*\\)");

    /** Formatting tags, as the Bot API's HTML and t.me's pages write them. */
    static final java.util.Set<String> TEXT_BOLD_TAGS = java.util.Set.of("b", "strong");
    static final java.util.Set<String> TEXT_ITALIC_TAGS = java.util.Set.of("i", "em");
    static final java.util.Set<String> TEXT_UNDERLINE_TAGS = java.util.Set.of("u", "ins");
    static final java.util.Set<String> TEXT_STRIKE_TAGS = java.util.Set.of("s", "strike", "del");

    /** Spoiler: {@code <tg-spoiler>} or {@code <span class="tg-spoiler">} (not seen in a recorded page). */
    static final String TEXT_SPOILER_TAG = "tg-spoiler";
    static final String TEXT_SPOILER_CLASS = "tg-spoiler";

    /** {@code <code>} alone is inline code; {@code <pre><code class="language-python">} is a block with its language. */
    static final String TEXT_CODE_TAG = "code";
    static final String TEXT_PRE_TAG = "pre";
    static final String TEXT_LANGUAGE_CLASS_PREFIX = "language-";
    static final String TEXT_BLOCKQUOTE_TAG = "blockquote";
    static final String TEXT_LINE_BREAK_TAG = "br";
    static final String TEXT_LINK_TAG = "a";

    /**
     * t.me asks before opening a hidden link (a Bot API text_link): {@code onclick="return confirm('Open this link?\n\n'+this.href);"}.
     * We look for the call, not the English sentence.
     */
    static final String TEXT_HIDDEN_LINK_ONCLICK = "confirm(";

    /** Hashtags and cashtags link to the channel search: {@code href="?q=%23tag"}, {@code href="?q=%24TAG"}. */
    static final String TEXT_HASHTAG_HREF = "q=%23";
    static final String TEXT_CASHTAG_HREF = "q=%24";

    /** Mentions link to the profile: {@code <a href="https://t.me/meduza_news">@meduza_news</a>}. */
    static final java.util.regex.Pattern TEXT_PROFILE_HREF =
            java.util.regex.Pattern.compile("(?i)^(?:https?:)?//(?:www\\.)?(?:t\\.me|telegram\\.me)/([A-Za-z0-9_]+)/?$");

    static final String TEXT_MAILTO = "mailto:";

    // ---- (end of text section) ----
}
