package tme.scraper.parse;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Every URL we read from t.me markup goes through here: inline {@code background-image} styles, protocol-relative
 * {@code //host} and site-relative {@code /path} links made absolute.
 */
final class Urls {

    /**
     * {@code background-image:url('…')}, {@code url("…")} (jsoup decodes {@code &quot;}) or unquoted. The URL is
     * matched lazily up to its own closing quote and parenthesis, so later declarations in the style are ignored.
     */
    private static final Pattern BACKGROUND =
            Pattern.compile("background-image\\s*:\\s*url\\(\\s*(['\"]?)(.*?)\\1\\s*\\)", Pattern.CASE_INSENSITIVE);

    private Urls() {}

    /** The absolute URL of the element's inline background image, or null (no element, no style, a data URI). */
    static String background(Element element) {
        if (element == null) {
            return null;
        }
        Matcher m = BACKGROUND.matcher(element.attr("style"));
        return m.find() ? absolute(m.group(2)) : null;
    }

    /** The value of {@code attribute} made absolute, or null. */
    static String attribute(Element element, String attribute) {
        return element == null ? null : absolute(element.attr(attribute));
    }

    /**
     * {@code //host/…} becomes {@code https://host/…} and {@code /path} a t.me URL. Data URIs (t.me's
     * placeholders while a sticker loads), other schemes and
     * bare relative paths are not fetchable media, so they give null.
     */
    static String absolute(String raw) {
        if (raw == null) {
            return null;
        }
        String url = raw.strip();
        if (url.isEmpty()) {
            return null;
        }
        if (url.startsWith("//")) {
            return "https:" + url;
        }
        if (url.startsWith("/")) {
            return "https://t.me" + url;
        }
        String lower = url.toLowerCase(Locale.ROOT);
        return lower.startsWith("https://") || lower.startsWith("http://") ? url : null;
    }

    /**
     * A link target (inline button, forwarded-from, link preview): like {@link #absolute} for web URLs, but other
     * schemes a client can open ({@code tg:}, {@code mailto:}) are kept; data and javascript URIs are dropped.
     */
    static String link(String raw) {
        String web = absolute(raw);
        if (web != null || raw == null) {
            return web;
        }
        String url = raw.strip();
        String lower = url.toLowerCase(Locale.ROOT);
        return url.isEmpty() || !lower.matches("^[a-z][a-z0-9+.-]*:.*") || runsScriptOrData(url) ? null : url;
    }

    /**
     * A {@code javascript:}, {@code vbscript:} or {@code data:} URI, read as a browser reads it (tabs and line
     * breaks anywhere and controls or spaces in front ignored): a link no client should open.
     */
    static boolean runsScriptOrData(String raw) {
        String url = raw.replaceAll("[\\t\\n\\r]", "");
        int start = 0;
        while (start < url.length() && url.charAt(start) <= ' ') {
            start++;
        }
        String lower = url.substring(start).toLowerCase(Locale.ROOT);
        return lower.startsWith("javascript:") || lower.startsWith("vbscript:") || lower.startsWith("data:");
    }
}
