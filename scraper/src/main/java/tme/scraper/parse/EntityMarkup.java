package tme.scraper.parse;

import org.jsoup.nodes.Element;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;

/**
 * Which entity an element of a text stands for, from t.me's markup (tags and classes in {@link Selectors}).
 * Unknown tags stand for none: the walk still takes their text.
 */
final class EntityMarkup {

    private EntityMarkup() {}

    /** An entity without its place yet; the walk knows the place. */
    record Mark(EntityType type, String url, String language, String customEmojiId) {

        static Mark of(EntityType type) {
            return new Mark(type, null, null, null);
        }

        static Mark link(EntityType type, String url) {
            return new Mark(type, url, null, null);
        }

        Entity at(int offset, int length) {
            return new Entity(type, offset, length, url, language, customEmojiId);
        }
    }

    /** {@code <i class="emoji">}: a plain emoji drawn as an image. */
    static boolean isEmoji(Element element) {
        return element.normalName().equals(Selectors.TEXT_EMOJI_TAG) && element.hasClass(Selectors.TEXT_EMOJI_CLASS);
    }

    static boolean isCustomEmoji(Element element) {
        return element.normalName().equals(Selectors.TEXT_CUSTOM_EMOJI_TAG);
    }

    static boolean isPre(Element element) {
        return element.normalName().equals(Selectors.TEXT_PRE_TAG);
    }

    /** {@code <pre>} and {@code <blockquote>}: blocks, whose line break t.me leaves to the browser. */
    static boolean isBlock(Element element) {
        return Selectors.TEXT_BLOCK_TAGS.contains(element.normalName());
    }

    /** A plain emoji with its image; without an image (no style) the emoji is only its character: no entity. */
    static Mark emoji(Element element) {
        String url = imageUrl(element);
        return url == null ? null : Mark.link(EntityType.EMOJI, url);
    }

    /**
     * A custom emoji: its id, and as url the image of the ordinary emoji t.me draws in its place, if any. Without
     * an id it is that ordinary emoji (or, without an image either, only its character).
     */
    static Mark customEmoji(Element element) {
        String id = element.attr(Selectors.TEXT_CUSTOM_EMOJI_ID).strip();
        String url = null;
        for (Element inner : element.getElementsByTag(Selectors.TEXT_EMOJI_TAG)) {
            if (isEmoji(inner)) {
                url = imageUrl(inner);
                break;
            }
        }
        if (id.isEmpty()) {
            return url == null ? null : Mark.link(EntityType.EMOJI, url);
        }
        return new Mark(EntityType.CUSTOM_EMOJI, url, null, id);
    }

    /**
     * The entity a walked element stands for, or null. What the element contributed to the string is
     * {@code walked} from {@code start} on (links are classified by it; it is copied only for links);
     * {@code insidePre} tells a block's {@code <code>} apart.
     */
    static Mark formatting(Element element, boolean insidePre, StringBuilder walked, int start) {
        String tag = element.normalName();
        if (Selectors.TEXT_BOLD_TAGS.contains(tag)) {
            return Mark.of(EntityType.BOLD);
        } else if (Selectors.TEXT_ITALIC_TAGS.contains(tag)) {
            return Mark.of(EntityType.ITALIC);
        } else if (Selectors.TEXT_UNDERLINE_TAGS.contains(tag)) {
            return Mark.of(EntityType.UNDERLINE);
        } else if (Selectors.TEXT_STRIKE_TAGS.contains(tag)) {
            return Mark.of(EntityType.STRIKETHROUGH);
        } else if (tag.equals(Selectors.TEXT_SPOILER_TAG) || element.hasClass(Selectors.TEXT_SPOILER_CLASS)) {
            return Mark.of(EntityType.SPOILER);
        } else if (tag.equals(Selectors.TEXT_CODE_TAG)) {
            return insidePre ? null : Mark.of(EntityType.CODE);
        } else if (tag.equals(Selectors.TEXT_PRE_TAG)) {
            return new Mark(EntityType.PRE, null, language(element), null);
        } else if (tag.equals(Selectors.TEXT_BLOCKQUOTE_TAG)) {
            return Mark.of(EntityType.BLOCKQUOTE);
        } else if (tag.equals(Selectors.TEXT_LINK_TAG)) {
            return EntityLinks.classify(element.attr("href"), element.attr("onclick"), walked.substring(start));
        }
        return null;
    }

    /** {@code <pre><code class="language-python">} gives "python"; the class on the pre itself is accepted too. */
    private static String language(Element pre) {
        String own = languageClass(pre);
        if (own != null) {
            return own;
        }
        for (Element code : pre.getElementsByTag(Selectors.TEXT_CODE_TAG)) {
            String language = languageClass(code);
            if (language != null) {
                return language;
            }
        }
        return null;
    }

    private static String languageClass(Element element) {
        for (String name : element.classNames()) {
            if (name.startsWith(Selectors.TEXT_LANGUAGE_CLASS_PREFIX)
                    && name.length() > Selectors.TEXT_LANGUAGE_CLASS_PREFIX.length()) {
                return name.substring(Selectors.TEXT_LANGUAGE_CLASS_PREFIX.length());
            }
        }
        return null;
    }

    /** The image URL in an emoji's style, made absolute ({@code //telegram.org/...} gets {@code https:}). */
    static String imageUrl(Element element) {
        return Urls.background(element);
    }

    /** t.me writes protocol-relative URLs for its own images; everything else is left as written. */
    static String absolute(String url) {
        return url.startsWith("//") ? "https:" + url : url;
    }
}
