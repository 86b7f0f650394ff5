package tme.api.feed;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A text cut into the words and emoji a reader filters by, in order. Pure and allocation-light: it runs on the
 * worker pool for every post of a filtered feed.
 *
 * <ul>
 *   <li>The text is put in Unicode NFC first, so a letter written with a combining accent and its precomposed form
 *       are the same word; accents stay significant ({@code café} is not {@code cafe}, {@code й} is not {@code и}).</li>
 *   <li>A word is a run of letters, digits, combining marks and {@code _} (Telegram's hashtags hold {@code _}), with
 *       an apostrophe between two letters ({@code don't}; a typographic one reads as a straight one) and a
 *       zero-width (non-)joiner inside it (Persian, Indic scripts) kept in the word. Anything else (spaces,
 *       punctuation, symbols) ends it.</li>
 *   <li>Words are case-folded ({@link #fold}): upper-cased, then lower-cased, in the root locale, which folds
 *       {@code ß} to {@code ss}, a final {@code ς} to {@code σ} and {@code ﬁ} to {@code fi} as Unicode's full case
 *       folding does.</li>
 *   <li>A word right after {@code #} or {@code $} carries that tag (a hashtag, a cashtag).</li>
 *   <li>An emoji is a word of its own: a pictograph with its skin-tone modifiers, a ZWJ sequence, a flag (two
 *       regional indicators) or a tag sequence; presentation selectors (U+FE0E, U+FE0F) are dropped, so
 *       {@code ❤️} and {@code ❤} are one word.</li>
 * </ul>
 */
final class Words {

    private static final int ZWNJ = 0x200C;
    private static final int ZWJ = 0x200D;
    private static final int TEXT_STYLE = 0xFE0E;
    private static final int EMOJI_STYLE = 0xFE0F;
    private static final int KEYCAP = 0x20E3;

    /** One word: its folded text, and {@code '#'} or {@code '$'} for a hashtag or cashtag, else 0. */
    record Word(String text, char tag) {}

    private Words() {}

    /** The words of {@code text}, in order; empty for null or a text without any. */
    static List<Word> of(String text) {
        List<Word> words = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return words;
        }
        // Most texts are in NFC already: checking is cheaper than normalising a copy.
        String s = Normalizer.isNormalized(text, Normalizer.Form.NFC) ? text
                : Normalizer.normalize(text, Normalizer.Form.NFC);
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (wordStart(cp)) {
                int end = wordEnd(s, i);
                words.add(new Word(fold(s.substring(i, end)), tag(s, i)));
                i = end;
            } else if (emojiStart(cp)) {
                StringBuilder emoji = new StringBuilder();
                i = emojiEnd(s, i, emoji);
                words.add(new Word(emoji.toString(), (char) 0));
            } else {
                i += Character.charCount(cp);
            }
        }
        return words;
    }

    /**
     * Full case folding as the JDK can do it: upper, then lower, root locale, back in NFC; a typographic apostrophe
     * as a straight one. An ASCII word only needs lower-casing (the common case, and three times cheaper).
     */
    static String fold(String word) {
        if (ascii(word)) {
            return word.toLowerCase(Locale.ROOT);
        }
        String folded = word.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT).replace('\u2019', '\'');
        return Normalizer.isNormalized(folded, Normalizer.Form.NFC) ? folded
                : Normalizer.normalize(folded, Normalizer.Form.NFC);
    }

    private static boolean ascii(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (word.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static boolean wordStart(int cp) {
        return Character.isLetterOrDigit(cp) || cp == '_';
    }

    private static boolean wordPart(int cp) {
        if (wordStart(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }

    /** Where the word starting at {@code start} ends. */
    private static int wordEnd(String s, int start) {
        int i = start;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int next = i + Character.charCount(cp);
            if (wordPart(cp) && cp != KEYCAP) {
                i = next;
            } else if (joinsWord(cp) && next < s.length() && wordPart(s.codePointAt(next))
                    && (cp == ZWJ || cp == ZWNJ || Character.isLetter(s.codePointBefore(i)))) {
                i = next;
            } else {
                break;
            }
        }
        return i;
    }

    /** An apostrophe between letters, or a zero-width (non-)joiner, holds a word together. */
    private static boolean joinsWord(int cp) {
        return cp == '\'' || cp == '\u2019' || cp == ZWJ || cp == ZWNJ;
    }

    private static char tag(String s, int start) {
        if (start == 0) {
            return 0;
        }
        char before = s.charAt(start - 1);
        return before == '#' || before == '$' ? before : 0;
    }

    private static boolean emojiStart(int cp) {
        return Character.isExtendedPictographic(cp) || regional(cp);
    }

    private static boolean regional(int cp) {
        return cp >= 0x1F1E6 && cp <= 0x1F1FF;
    }

    /** Appends the emoji starting at {@code start} (selectors dropped) to {@code out}; returns where it ends. */
    private static int emojiEnd(String s, int start, StringBuilder out) {
        int first = s.codePointAt(start);
        out.appendCodePoint(first);
        int i = start + Character.charCount(first);
        if (regional(first)) {
            if (i < s.length() && regional(s.codePointAt(i))) {
                out.appendCodePoint(s.codePointAt(i));
                i += Character.charCount(s.codePointAt(i));
            }
            return i;
        }
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int next = i + Character.charCount(cp);
            if (cp == EMOJI_STYLE || cp == TEXT_STYLE) {
                i = next; // presentation only: dropped
            } else if (Character.isEmojiModifier(cp) || cp == KEYCAP || (cp >= 0xE0020 && cp <= 0xE007F)) {
                out.appendCodePoint(cp);
                i = next;
            } else if (cp == ZWJ && next < s.length() && Character.isExtendedPictographic(s.codePointAt(next))) {
                int joined = s.codePointAt(next);
                out.appendCodePoint(cp).appendCodePoint(joined);
                i = next + Character.charCount(joined);
            } else {
                break;
            }
        }
        return i;
    }
}
