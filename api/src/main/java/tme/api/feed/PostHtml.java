package tme.api.feed;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import tme.scraper.model.Entity;
import tme.scraper.model.Text;
import tme.scraper.model.Username;

/**
 * Safe HTML for feed readers, built from a post's plain text and its entities rather than from t.me's markup
 * ({@code text.html} carries t.me's scripts-in-attributes, such as {@code onclick="return confirm(...)"}, and its
 * emoji sprites). Every character of the text is escaped; the only tags are the ones written here, and the only
 * links are http(s) and mailto. Entities count UTF-16 units, which are Java's {@code char} indices.
 */
final class PostHtml {

    private PostHtml() {}

    /** The text as HTML, newlines as {@code <br>}; empty for no text. */
    static String of(Text text) {
        if (text == null || text.string().isEmpty()) {
            return "";
        }
        String string = text.string();
        List<Entity> entities = new ArrayList<>(text.entities());
        entities.removeIf(entity -> open(entity, string) == null || entity.length() <= 0);
        entities.sort(Comparator.comparingInt(Entity::offset).thenComparing(Entity::length, Comparator.reverseOrder()));
        StringBuilder html = new StringBuilder(string.length() + 32 * entities.size());
        Deque<Entity> openNow = new ArrayDeque<>();
        int next = 0;
        for (int at = 0; at <= string.length(); at++) {
            closeEndingAt(at, openNow, html, string);
            while (next < entities.size() && entities.get(next).offset() == at) {
                Entity entity = entities.get(next++);
                if (entity.offset() + entity.length() <= string.length()) {
                    html.append(open(entity, string));
                    openNow.push(entity);
                }
            }
            if (at < string.length()) {
                escape(string.charAt(at), html);
            }
        }
        return html.toString();
    }

    /** An http(s) or mailto URL as it is, or null: no javascript:, data: or relative links reach a reader. */
    static String safeUrl(String url) {
        if (url == null) {
            return null;
        }
        String lower = url.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith("https://") || lower.startsWith("http://") || lower.startsWith("mailto:")
                ? url.strip() : null;
    }

    /**
     * Closes the entities that end at {@code at}. Entities nest as t.me lists them (outer first); one that ends
     * inside another is closed with the ones opened after it, which are then opened again.
     */
    private static void closeEndingAt(int at, Deque<Entity> openNow, StringBuilder html, String string) {
        // Asked at every character of every post a feed renders: no stream, no allocation when nothing ends here.
        while (anyEndsAt(openNow, at)) {
            Deque<Entity> reopen = new ArrayDeque<>();
            Entity top = openNow.pop();
            while (end(top) != at) {
                html.append(close(top));
                reopen.push(top);
                top = openNow.pop();
            }
            html.append(close(top));
            while (!reopen.isEmpty()) {
                Entity again = reopen.pop();
                html.append(open(again, string));
                openNow.push(again);
            }
        }
    }

    private static boolean anyEndsAt(Deque<Entity> openNow, int at) {
        if (openNow.isEmpty()) {
            return false;
        }
        for (Entity entity : openNow) {
            if (end(entity) == at) {
                return true;
            }
        }
        return false;
    }

    private static int end(Entity entity) {
        return entity.offset() + entity.length();
    }

    /** The opening tag, or null for entities that add no markup (emoji, hashtags) or whose link is unsafe. */
    private static String open(Entity entity, String string) {
        return switch (entity.type()) {
            case BOLD -> "<b>";
            case ITALIC -> "<i>";
            case UNDERLINE -> "<u>";
            case STRIKETHROUGH -> "<s>";
            case SPOILER -> "<span class=\"tg-spoiler\">";
            case CODE -> "<code>";
            case PRE -> "<pre>";
            case BLOCKQUOTE -> "<blockquote>";
            case TEXT_LINK, URL -> link(safeUrl(entity.url() != null ? entity.url() : covered(entity, string)));
            case MENTION -> link(mention(covered(entity, string)));
            case EMAIL -> link(safeUrl("mailto:" + covered(entity, string)));
            case HASHTAG, CASHTAG, BOT_COMMAND, EMOJI, CUSTOM_EMOJI -> null;
        };
    }

    private static String close(Entity entity) {
        return switch (entity.type()) {
            case BOLD -> "</b>";
            case ITALIC -> "</i>";
            case UNDERLINE -> "</u>";
            case STRIKETHROUGH -> "</s>";
            case SPOILER -> "</span>";
            case CODE -> "</code>";
            case PRE -> "</pre>";
            case BLOCKQUOTE -> "</blockquote>";
            default -> "</a>";
        };
    }

    private static String link(String url) {
        return url == null ? null : "<a href=\"" + attribute(url) + "\">";
    }

    private static String mention(String covered) {
        String name = covered.startsWith("@") ? covered.substring(1) : covered;
        return Username.valid(name) ? "https://t.me/" + name : null;
    }

    private static String covered(Entity entity, String string) {
        int from = Math.min(Math.max(entity.offset(), 0), string.length());
        int to = Math.min(Math.max(entity.offset() + entity.length(), from), string.length());
        return string.substring(from, to);
    }

    /** Escapes a value for a double-quoted attribute. */
    static String attribute(String value) {
        StringBuilder out = new StringBuilder(value.length());
        value.chars().forEach(c -> escapeMarkup((char) c, out));
        return out.toString();
    }

    /** Escapes one character of text; a newline becomes {@code <br>}. */
    private static void escape(char c, StringBuilder out) {
        if (c == '\n') {
            out.append("<br>");
        } else {
            escapeMarkup(c, out);
        }
    }

    private static void escapeMarkup(char c, StringBuilder out) {
        HtmlText.escape(c, out);
    }
}
