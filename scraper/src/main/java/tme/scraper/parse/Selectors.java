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

    /**
     * Media blocks of one message bubble. Each block kind has one root; the parts are looked up inside it.
     * Album items are ordinary photo and video roots inside {@code .tgme_widget_message_grouped_wrap}.
     */
    static final class Media {

        private Media() {}

        static final String PHOTO = ".tgme_widget_message_photo_wrap";
        static final String VIDEO = ".tgme_widget_message_video_player";
        static final String ROUND_VIDEO = ".tgme_widget_message_roundvideo_player";
        static final String VOICE = ".tgme_widget_message_voice_player";
        static final String DOCUMENT = ".tgme_widget_message_document_wrap";
        static final String STICKER = ".tgme_widget_message_sticker_wrap";
        static final String LOCATION = ".tgme_widget_message_location_wrap";
        /** "This media is not supported" / "Media is too big" / "Please open Telegram to view this post". */
        static final String NOT_SUPPORTED = ".message_media_not_supported_wrap";

        /** Every media root, for one select in document (page) order. */
        static final String ANY = String.join(", ", PHOTO, VIDEO, ROUND_VIDEO, VOICE, DOCUMENT, STICKER, LOCATION,
                NOT_SUPPORTED);

        /** Blocks that own images of their own which are not the post's media. */
        static final String FOREIGN_OWNERS = ".tgme_widget_message_link_preview, .tgme_widget_message_reply";

        /**
         * Modern pages wrap what the browser can show in a supported container and add a generic
         * "open Telegram" block beside it, in a not-supported container, for every post.
         */
        static final String SUPPORTED_CONT = ".media_supported_cont";
        static final String NOT_SUPPORTED_CONT = ".media_not_supported_cont";

        /** Inline style holding {@code background-image:url(...)} sits on these parts. */
        static final String PHOTO_INNER = ".tgme_widget_message_photo";
        static final String VIDEO_THUMB = ".tgme_widget_message_video_thumb";
        /** The playable video; a blurred background copy ({@code js-message_video_blured}) may come first. */
        static final String VIDEO_SOURCE = "video.js-message_video[src]";
        static final String ANY_VIDEO_SOURCE = "video[src]";
        static final String VIDEO_DURATION = ".message_video_duration";
        /** GIFs are sent as looping, muted, autoplaying videos. */
        static final String GIF_LOOP_ATTR = "loop";

        static final String ROUND_VIDEO_THUMB = ".tgme_widget_message_roundvideo_thumb";
        static final String ROUND_VIDEO_SOURCE = "video.tgme_widget_message_roundvideo[src]";
        static final String ROUND_VIDEO_DURATION = ".tgme_widget_message_roundvideo_duration";

        static final String VOICE_AUDIO = "audio.tgme_widget_message_voice";
        static final String VOICE_WAVEFORM_ATTR = "data-waveform";
        static final String VOICE_DURATION = ".tgme_widget_message_voice_duration";

        static final String DOCUMENT_TITLE = ".tgme_widget_message_document_title";
        static final String DOCUMENT_EXTRA = ".tgme_widget_message_document_extra";
        /** An audio file (music) has the audio icon; its extra line is the performer. */
        static final String DOCUMENT_AUDIO_ICON = ".tgme_widget_message_document_icon.audio";

        static final String STICKER_TGS = "picture.tgme_widget_message_tgsticker";
        static final String STICKER_TGS_SOURCE = "source[type=application/x-tgsticker][srcset]";
        static final String STICKER_TGS_IMAGE_SOURCE = "source[type^=image/][srcset]";
        static final String STICKER_WEBM = ".tgme_widget_message_videosticker";
        static final String STICKER_WEBP = "i.tgme_widget_message_sticker";
        static final String STICKER_WEBP_ATTR = "data-webp";
        static final String IMG = "img[src]";

        static final String LOCATION_MAP = ".tgme_widget_message_location";

        static final String VIEW_IN_TELEGRAM = "a.message_media_view_in_telegram[href]";
    }
}
