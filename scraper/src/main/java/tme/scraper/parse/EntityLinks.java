package tme.scraper.parse;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tme.scraper.model.EntityType;

/**
 * What kind of entity a link {@code <a href>} in a text is. t.me turns every entity Telegram found into a
 * link, so the kind is read back from the link's text and target:
 * <ol>
 *   <li>a link t.me asks about before opening ({@code onclick="return confirm(...)"}) is a hidden link:
 *       text_link, even when its text looks like a URL (t.me marks only text_links that way);</li>
 *   <li>{@code mailto:} with the address as text: email;</li>
 *   <li>{@code #tag} to {@code ?q=%23tag}: hashtag; {@code $TAG} to {@code ?q=%24TAG}: cashtag;</li>
 *   <li>{@code @name} to {@code t.me/name}: mention;</li>
 *   <li>{@code /command} (optionally {@code @bot}): bot_command;</li>
 *   <li>text that is the target itself, allowing t.me's differences (scheme, trailing slash,
 *       percent-decoding, a shortened text ending in "…"): url, with the target as url;</li>
 *   <li>anything else: text_link with the target as url.</li>
 * </ol>
 */
final class EntityLinks {

    /** Telegram's bot command syntax: up to 64 letters, digits or underscores, optionally addressed to a bot. */
    private static final Pattern BOT_COMMAND = Pattern.compile("/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?");
    private static final Pattern SCHEME = Pattern.compile("^[a-z][a-z0-9+.-]*://");
    private static final String ELLIPSIS = "…";

    private EntityLinks() {}

    /**
     * The entity for a link, or null for an anchor without a target, or with a script or data URI no client should
     * open (then it is plain text).
     */
    static EntityMarkup.Mark classify(String href, String onclick, String text) {
        String target = href.strip();
        if (target.isEmpty() || Urls.runsScriptOrData(target)) {
            return null;
        }
        String shown = text.strip();
        if (onclick.contains(Selectors.TEXT_HIDDEN_LINK_ONCLICK)) {
            return EntityMarkup.Mark.link(EntityType.TEXT_LINK, EntityMarkup.absolute(target));
        }
        EntityType kind = kind(target, shown);
        return switch (kind) {
            case URL, TEXT_LINK -> EntityMarkup.Mark.link(kind, EntityMarkup.absolute(target));
            default -> EntityMarkup.Mark.of(kind);
        };
    }

    private static EntityType kind(String target, String shown) {
        String lower = target.toLowerCase(Locale.ROOT);
        if (lower.startsWith(Selectors.TEXT_MAILTO)) {
            return isEmail(target, shown) ? EntityType.EMAIL : EntityType.TEXT_LINK;
        } else if (shown.startsWith("#") && lower.contains(Selectors.TEXT_HASHTAG_HREF)) {
            return EntityType.HASHTAG;
        } else if (shown.startsWith("$") && lower.contains(Selectors.TEXT_CASHTAG_HREF)) {
            return EntityType.CASHTAG;
        } else if (shown.startsWith("@") && isProfile(target, shown.substring(1))) {
            return EntityType.MENTION;
        } else if (BOT_COMMAND.matcher(shown).matches()) {
            return EntityType.BOT_COMMAND;
        } else if (sameUrl(shown, target)) {
            return EntityType.URL;
        }
        return EntityType.TEXT_LINK;
    }

    private static boolean isEmail(String target, String shown) {
        String address = target.substring(Selectors.TEXT_MAILTO.length());
        int query = address.indexOf('?');
        address = query < 0 ? address : address.substring(0, query);
        return decode(address).equalsIgnoreCase(shown);
    }

    private static boolean isProfile(String target, String name) {
        Matcher matcher = Selectors.TEXT_PROFILE_HREF.matcher(target);
        return matcher.matches() && matcher.group(1).equalsIgnoreCase(name);
    }

    /** Whether the link's text is its target, as t.me shows URLs (see the class comment). */
    static boolean sameUrl(String shown, String target) {
        boolean shortened = shown.endsWith(ELLIPSIS);
        String wanted = bare(shortened ? shown.substring(0, shown.length() - ELLIPSIS.length()) : shown);
        if (wanted.isEmpty()) {
            return false;
        }
        for (String candidate : new String[] {bare(target), bare(decode(target))}) {
            if (shortened ? candidate.startsWith(wanted) : candidate.equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /** Lower case, without the scheme and trailing slashes: {@code https://Ton.org/} and {@code ton.org} are alike. */
    private static String bare(String url) {
        String lower = SCHEME.matcher(url.strip().toLowerCase(Locale.ROOT)).replaceFirst("");
        int end = lower.length();
        while (end > 0 && lower.charAt(end - 1) == '/') {
            end--;
        }
        return lower.substring(0, end);
    }

    /** Percent-decoded (t.me may show a decoded URL); a malformed escape leaves the URL as it is. */
    private static String decode(String url) {
        try {
            return URLDecoder.decode(url.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return url;
        }
    }
}
