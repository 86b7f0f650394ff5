package tme.scraper.testing.fuzz;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Text;

/**
 * What every parsed model satisfies, whatever the page:
 * <ul>
 *   <li>each string is well-formed UTF-16 (no lone surrogate, which has no UTF-8 form);</li>
 *   <li>each {@link Text}'s entities lie inside its string in UTF-16 units ({@code offset >= 0},
 *       {@code length > 0}, {@code offset + length <= length of string}), never split a surrogate pair, never cover
 *       whitespace only, are sorted by offset, longer first, and have the fields their type documents (a url for
 *       links and emoji images, an id for custom emoji, a language only on pre);</li>
 *   <li>image and media URLs are absolute http(s) URLs, and no link is a {@code javascript:} or {@code data:} URI.</li>
 * </ul>
 * The model is walked through its record components, so a field added later is checked too.
 */
public final class ModelInvariants {

    /** Components that hold a link a client opens: any scheme but script and data URIs. */
    private static final Set<String> LINKS = Set.of("InlineButton.url", "LinkPreview.url", "Forwarded.url");
    /** Component names that hold an image or media URL (see {@code Media}): absolute http(s) only. */
    private static final Set<String> MEDIA_URLS = Set.of("url", "thumb", "avatar", "cover", "photo", "image");

    private ModelInvariants() {}

    /** Every broken rule, each with the path to the value that breaks it; empty when the model is sound. */
    public static List<String> violations(Object model) {
        List<String> found = new ArrayList<>();
        walk(model, "model", found);
        return found;
    }

    private static void walk(Object value, String path, List<String> found) {
        switch (value) {
            case null -> { }
            case String string -> checkString(string, path, found);
            case Text text -> {
                checkEntities(text, path, found);
                walkRecord(text, path, found);
            }
            case Record record -> walkRecord(record, path, found);
            case Collection<?> items -> {
                int i = 0;
                for (Object item : items) {
                    walk(item, path + "[" + i++ + "]", found);
                }
            }
            case Map<?, ?> map -> map.forEach((key, item) -> walk(item, path + "[" + key + "]", found));
            default -> { } // numbers, booleans, enums
        }
    }

    private static void walkRecord(Record record, String path, List<String> found) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(record);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new AssertionError("cannot read " + path + "." + component.getName(), e);
            }
            String where = path + "." + component.getName();
            if (value instanceof String url && !(record instanceof Entity)) {
                checkUrl(record.getClass().getSimpleName() + "." + component.getName(), url, where, found);
            }
            walk(value, where, found);
        }
    }

    private static void checkUrl(String component, String url, String where, List<String> found) {
        if (LINKS.contains(component)) {
            checkLink(url, where, found);
        } else if (MEDIA_URLS.contains(component.substring(component.indexOf('.') + 1))) {
            checkMediaUrl(url, where, found);
        }
    }

    /** Read as a browser reads a URL: tabs and line breaks anywhere, and controls or spaces in front, ignored. */
    private static void checkLink(String url, String where, List<String> found) {
        String lower = url.replaceAll("[\\t\\n\\r]", "").replaceFirst("^[\\x00-\\x20]+", "").toLowerCase(Locale.ROOT);
        if (lower.startsWith("javascript:") || lower.startsWith("vbscript:") || lower.startsWith("data:")) {
            found.add(where + ": a script or data link " + quoted(url));
        }
    }

    private static void checkMediaUrl(String url, String where, List<String> found) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("https://") && !lower.startsWith("http://")) {
            found.add(where + ": not an absolute http(s) URL " + quoted(url));
        }
    }

    private static void checkEntityFields(Entity entity, String where, List<String> found) {
        boolean link = entity.type() == EntityType.TEXT_LINK || entity.type() == EntityType.URL;
        boolean image = entity.type() == EntityType.EMOJI || entity.type() == EntityType.CUSTOM_EMOJI;
        if ((link || entity.type() == EntityType.EMOJI) && entity.url() == null) {
            found.add(where + ": no url");
        }
        if (entity.url() != null && !link && !image) {
            found.add(where + ": a url on a " + entity.type());
        }
        if (entity.url() != null && link) {
            checkLink(entity.url(), where, found);
        } else if (entity.url() != null && image) {
            checkMediaUrl(entity.url(), where, found);
        }
        if ((entity.type() == EntityType.CUSTOM_EMOJI) != (entity.customEmojiId() != null)) {
            found.add(where + ": custom_emoji_id " + entity.customEmojiId() + " on a " + entity.type());
        }
        if (entity.language() != null && entity.type() != EntityType.PRE) {
            found.add(where + ": a language on a " + entity.type());
        }
    }

    private static void checkString(String string, String path, List<String> found) {
        int lone = loneSurrogate(string);
        if (lone >= 0) {
            found.add(path + ": lone surrogate at " + lone + " in " + quoted(string));
        }
    }

    private static void checkEntities(Text text, String path, List<String> found) {
        String string = text.string();
        Entity previous = null;
        for (Entity entity : text.entities()) {
            int start = entity.offset();
            int end = start + entity.length();
            String where = path + ".entities " + entity;
            if (start < 0 || entity.length() <= 0 || end > string.length()) {
                found.add(where + ": outside the string of " + string.length() + " units");
                continue;
            }
            if (splitsPair(string, start) || splitsPair(string, end)) {
                found.add(where + ": splits a surrogate pair in " + quoted(string));
            }
            checkEntityFields(entity, where, found);
            if (string.substring(start, end).isBlank()) {
                found.add(where + ": covers whitespace only");
            }
            if (previous != null && (previous.offset() > start
                    || previous.offset() == start && previous.length() < entity.length())) {
                found.add(where + ": after " + previous);
            }
            previous = entity;
        }
    }

    /** Whether a boundary at {@code index} falls between the two halves of a pair. */
    private static boolean splitsPair(String string, int index) {
        return index > 0 && index < string.length()
                && Character.isHighSurrogate(string.charAt(index - 1)) && Character.isLowSurrogate(string.charAt(index));
    }

    private static int loneSurrogate(String string) {
        for (int i = 0; i < string.length(); i++) {
            char c = string.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < string.length()
                    && Character.isLowSurrogate(string.charAt(i + 1));
            if (pair) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Short enough for a report, with invisible characters spelled out. */
    private static String quoted(String string) {
        String shown = string.length() > 80 ? string.substring(0, 80) + "…" : string;
        StringBuilder out = new StringBuilder("\"");
        shown.chars().forEach(c -> out.append(c < 0x20 || Character.isSurrogate((char) c)
                ? String.format("\\u%04X", c) : String.valueOf((char) c)));
        return out.append('"').toString();
    }
}
