package tme.scraper.parse;

/**
 * Every CSS selector and class name we read from t.me's markup. This file is our contract with t.me:
 * when t.me changes its markup, this is the one file to change.
 */
final class Selectors {

    private Selectors() {}

    // ---- page, channel header, posts, media, preview page ----

    // Page kinds. A "Contact @x" page (unknown name, user, bot) is a tgme_page without a channel header.
    static final String TGME_PAGE = ".tgme_page";
    static final String CHANNEL_HEADER = ".tgme_channel_info_header";

    // Channel header of t.me/s/<channel>.
    static final String CHANNEL_USERNAME = ".tgme_channel_info_header_username > a";
    static final String CHANNEL_TITLE = ".tgme_channel_info_header_title > span";
    static final String CHANNEL_TITLE_BOX = ".tgme_channel_info_header_title";
    static final String CHANNEL_DESCRIPTION = ".tgme_channel_info_description";
    static final String CHANNEL_AVATAR_META = "meta[property=og:image]";
    static final String CHANNEL_AVATAR_IMG = ".tgme_channel_info_header .tgme_page_photo_image img[src]";
    static final String CHANNEL_COUNTER = ".tgme_channel_info_counters > .tgme_channel_info_counter";
    static final String COUNTER_VALUE = ".counter_value";
    static final String COUNTER_TYPE = ".counter_type";
    // Label icons are named "<label>-icon" (verified-icon, scam-icon, fake-icon).
    static final String CHANNEL_LABEL = ".tgme_channel_info_header_labels > i[class]";
    static final String LABEL_SUFFIX = "-icon";

    // Paging cursors: "more" anchors in the history (pages and fragments), <link rel> in the page head.
    static final String MORE_LINK = "a.tme_messages_more[data-before], a.tme_messages_more[data-after]";
    static final String HEAD_PAGER = "head link[rel=prev][href], head link[rel=next][href]";
    static final String BEFORE = "before";
    static final String AFTER = "after";

    // Posts. On pages and in fragments a message sits in a wrap; in the embed widget the message is the root.
    static final String POST_IN_WRAP = ".tgme_widget_message_wrap > .tgme_widget_message";
    static final String POST_ANY = ".tgme_widget_message";
    static final String POST_WRAP = ".tgme_widget_message_wrap";
    static final String POST_ID_ATTR = "data-post";
    static final String VIEW_ATTR = "data-view";
    static final String BUBBLE = ".tgme_widget_message_bubble";
    static final String SERVICE_CLASS = "service_message";

    // A post's own text. The reply quote also carries tgme_widget_message_text (with js-message_reply_text),
    // so the text is the first one outside the reply; albums nest an identical text div inside the text div.
    static final String TEXT = ".tgme_widget_message_text";
    static final String REPLY_TEXT_CLASS = "js-message_reply_text";

    // Footer.
    static final String INFO = ".tgme_widget_message_info";
    static final String VIEWS = ".tgme_widget_message_views";
    static final String META = ".tgme_widget_message_meta";
    static final String DATE_TIME = ".tgme_widget_message_date time[datetime]";
    static final String ANY_TIME = "time[datetime]";
    static final String DATETIME_ATTR = "datetime";
    static final String AUTHOR_SIGNATURE = ".tgme_widget_message_from_author";
    // t.me writes "edited" as bare text in the meta line, with no class of its own.
    static final String EDITED_WORD = "edited";

    // Forwarded from: an <a> with the source post's URL, or a <span> for a source without a public link.
    static final String FORWARDED_NAME = ".tgme_widget_message_forwarded_from_name";
    static final String NAME_SPAN = "span[dir]";

    // Reply: the quoted author and text inside the reply link; the link's last path segment is the post id.
    static final String REPLY = ".tgme_widget_message_reply";
    // Preferred node first, then the older or looser one.
    static final String REPLY_AUTHOR_NAME = ".tgme_widget_message_author_name";
    static final String REPLY_AUTHOR_BOX = ".tgme_widget_message_author";
    static final String REPLY_QUOTE = ".js-message_reply_text";
    static final String REPLY_QUOTE_LOOSE = ".tgme_widget_message_metatext, .tgme_widget_message_text";
    static final String REPLY_THUMB = ".tgme_widget_message_reply_thumb[style]";

    // Link preview card; its image (right, large or video thumb) is the card's thumb, not a media item.
    static final String LINK_PREVIEW = ".tgme_widget_message_link_preview";
    static final String PREVIEW_SITE = ".link_preview_site_name";
    static final String PREVIEW_TITLE = ".link_preview_title";
    static final String PREVIEW_DESCRIPTION = ".link_preview_description";
    static final String PREVIEW_THUMB =
            ".link_preview_right_image[style], .link_preview_image[style], .link_preview_video_thumb[style]";

    // Poll; the voter count sits in the footer info line.
    static final String POLL = ".tgme_widget_message_poll";
    static final String POLL_QUESTION = ".tgme_widget_message_poll_question";
    static final String POLL_TYPE = ".tgme_widget_message_poll_type";
    static final String POLL_OPTION = ".tgme_widget_message_poll_option";
    static final String POLL_OPTION_TEXT = ".tgme_widget_message_poll_option_text";
    static final String POLL_OPTION_PERCENT = ".tgme_widget_message_poll_option_percent";
    static final String POLL_VOTERS = ".tgme_widget_message_voters";

    // Inline keyboard: a sibling of the bubble; every row, every button.
    static final String INLINE_ROW = ".tgme_widget_message_inline_row";
    static final String INLINE_BUTTON = ".tgme_widget_message_inline_button";
    static final String INLINE_BUTTON_TEXT = ".tgme_widget_message_inline_button_text";

    // Reactions: paid (stars), custom emoji (tg-emoji with an id) and standard emoji (i.emoji with a <b> glyph).
    static final String REACTION = ".tgme_widget_message_reactions .tgme_reaction";
    static final String REACTION_PAID_CLASS = "tgme_reaction_paid";
    static final String CUSTOM_EMOJI = "tg-emoji[emoji-id]";
    static final String CUSTOM_EMOJI_ID_ATTR = "emoji-id";
    static final String EMOJI = "i.emoji";
    static final String EMOJI_GLYPH = "b";

    // Service messages. Structural signals first: the new photo, the pinning actor, the quoted new name.
    static final String SERVICE_PHOTO = ".tgme_widget_message_service_photo";
    static final String SERVICE_PHOTO_CLASS = "service_message_photo";
    static final String SERVICE_ACTOR = "a.tgme_widget_message_author_name";
    static final String SERVICE_STRONG = ".tgme_widget_service_strong_text";
    static final String SERVICE_LINK = "a[href]";
    // The new photo's parts: a video for a new channel video, the picture itself.
    static final String SERVICE_PHOTO_VIDEO = "video";
    static final String SERVICE_PHOTO_IMG = "img[src]";
    // No structural signal tells "Channel created" or a video change apart; t.me's English words do.
    static final String CREATED_WORDS = "channel created";
    static final String VIDEO_WORD = "video";
    static final String PINNED_WORD = "pinned";

    // The t.me/<channel> page. A channel's page links its /s/ preview; users, bots and groups do not.
    static final String PREVIEW_CONTEXT_LINK = "a.tgme_page_context_link[href*=/s/]";
    static final String PREVIEW_TITLE_SPAN = ".tgme_page_title > span";
    static final String PREVIEW_TITLE_BOX = ".tgme_page_title";
    static final String PREVIEW_EXTRA = ".tgme_page_extra";
    static final String PREVIEW_PAGE_DESCRIPTION = ".tgme_page_description";
    static final String PREVIEW_AVATAR = "img.tgme_page_photo_image[src]";
    static final String PREVIEW_VERIFIED = ".tgme_page_title i.verified-icon";

    // Search page (t.me/s/<channel>?q=...): the channel page markup, the query echoed in the header's search box,
    // and each match wrapped in a highlight, which is t.me's decoration of the text, not part of it.
    static final String SEARCH_INPUT = "form.tgme_header_search_form input[name=q]";
    static final String SEARCH_HIGHLIGHT = "mark.highlight";

    // Shared: a CSS background image carries most t.me picture URLs.
    static final String STYLE_ATTR = "style";

    // ---- shape checks (PageChecks): what a real page shows, and what pages that are not t.me's show ----

    /** t.me's own "No posts found" line: the only way a real page says "this list is empty". */
    static final String NO_POSTS_FOUND = ".tme_no_messages_found";
    /**
     * Message blocks whatever their inner markup: a {@code data-post} anywhere, or a message wrap that is not
     * the "No posts found" wrap. Blocks without a single readable post mean the message markup changed.
     */
    static final String MESSAGE_BLOCKS = "[data-post], .tgme_widget_message_wrap:not(:has(.tme_no_messages_found))";
    /** Elements that make a body non-empty: anything but scripts, styles and line breaks. */
    static final String BODY_CONTENT = "body *:not(script):not(style):not(noscript):not(br)";
    /** A full page starts with one of these (lower case, within {@link #PAGE_START_WINDOW} characters)... */
    static final java.util.List<String> PAGE_STARTS = java.util.List.of("<!doctype html", "<html");
    static final int PAGE_START_WINDOW = 1024;
    /** ...and ends with this (within {@link #PAGE_END_WINDOW}); t.me appends a "page generated in" comment. */
    static final String PAGE_END = "</html>";
    static final int PAGE_END_WINDOW = 1024;
    /**
     * Pages that are not t.me's (looked for, lower case, only on pages without t.me's header or card, so a post
     * that mentions a captcha cannot trip them). Captcha first: Cloudflare's captcha page also carries
     * challenge markers, and "solve a captcha" says more than "a bot check".
     */
    static final java.util.List<String> CAPTCHA_MARKERS = java.util.List.of(
            "captcha"); // g-recaptcha, h-captcha, cf_captcha_kind, "Please complete the security check" pages
    static final java.util.List<String> CHALLENGE_MARKERS = java.util.List.of(
            "<title>just a moment...</title>", "challenge-platform", "cf-challenge", "cf_chl_", "cf-turnstile",
            "checking your browser", "ddos-guard");

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
    /** Blocks: t.me writes no {@code <br>} after them, the text goes on on the next line. */
    static final java.util.Set<String> TEXT_BLOCK_TAGS = java.util.Set.of(TEXT_PRE_TAG, TEXT_BLOCKQUOTE_TAG);
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
