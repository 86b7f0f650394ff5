package tme.api.service;

import java.text.Normalizer;
import java.util.Locale;
import tme.api.problem.InvalidInput;

/**
 * What to search a channel for ({@code q}), normalised so every way of writing one search is one cache entry and one
 * t.me request: trimmed, inner whitespace collapsed to one space, Unicode NFC, case-folded (upper-, then
 * lower-cased in the root locale: {@code Straße} and {@code STRASSE} are one search, as they are to t.me's search,
 * which ignores case). 1 to {@value #MAX_LENGTH} characters after trimming; a {@code #hashtag} or {@code $cashtag}
 * is a query like any other. Control characters are refused.
 *
 * @param value the normalised query, as it is sent to t.me and keyed
 */
public record SearchQuery(String value) {

    /** Longest query in characters (code points), after trimming: t.me's own search box takes about as many. */
    public static final int MAX_LENGTH = 128;

    /** The query {@code raw} says, or 422 naming {@code parameter}. */
    public static SearchQuery parse(String parameter, String raw) throws InvalidInput {
        if (raw == null || raw.isBlank()) {
            throw Inputs.invalid(parameter, parameter + " must be 1 to " + MAX_LENGTH + " characters: "
                    + (raw == null ? "missing" : "blank"));
        }
        String collapsed = Normalizer.normalize(raw.strip().replaceAll("\\s+", " "), Normalizer.Form.NFC);
        int length = collapsed.codePointCount(0, collapsed.length());
        if (length > MAX_LENGTH) {
            throw Inputs.invalid(parameter, parameter + " must be 1 to " + MAX_LENGTH + " characters: " + length);
        }
        if (collapsed.codePoints().anyMatch(cp -> Character.getType(cp) == Character.CONTROL
                || Character.getType(cp) == Character.SURROGATE)) {
            throw Inputs.invalid(parameter, parameter + " must not hold control characters: " + Inputs.quoted(raw));
        }
        String folded = collapsed.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        return new SearchQuery(Normalizer.normalize(folded, Normalizer.Form.NFC));
    }
}
