package tme.api.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tme.scraper.testing.fuzz.Draw;

/**
 * Properties of {@link WordMatcher} over texts drawn from seeded generators ({@link Draw}), each case replayable
 * by its seed: a text is written from known words in a random case, joined by punctuation, spaces and emoji, so
 * whether it holds a term is known without the matcher (the oracle is the list of words it was written from).
 * Scripts: Latin, Latin with diacritics, Cyrillic, Greek, Arabic, Han, digits, and emoji.
 */
class WordMatcherPropertiesTest {

    static final int CASES = 300;

    static final List<String> ALPHABETS = List.of(
            "abcdefghijklmnopqrstuvwxyz",
            "àáâãäåçèéêëìíîïñòóôõöùúûüýœæøł",
            "абвгдеёжзийклмнопрстуфхцчшщъыьэюяієїґ",
            "αβγδεζηθικλμνξοπρστυφχψω",
            "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
            "中文字漢語日本東京",
            "0123456789");
    static final List<String> EMOJI = List.of("🔥", "👍🏽", "❤️", "🇺🇦", "👨‍👩‍👧", "🎉", "✅");
    static final List<String> SEPARATORS = List.of(" ", "  ", "\n", ", ", ". ", "!", "?", "; ", ":", " (", ") ", "«",
            "»", "\"", " — ", "…", "/", "-", "\t", "\u00a0", "[", "]", "*", "+", " & ", "’ ", "' ");

    /** The words a text was written from (lower-case, NFC) and the text itself. */
    record Written(List<String> words, String text) {}

    @TestFactory
    Stream<DynamicTest> aWordMatches_inAnyCase_exactlyWhenTheTextWasWrittenWithIt() {
        return cases(0x19_01L, draw -> {
            Written written = write(draw, draw.between(0, 12), true);
            String term = draw.chance(0.6) && !written.words().isEmpty() ? draw.oneOf(written.words()) : word(draw);
            String asked = recase(draw, term);
            boolean expected = written.words().contains(term);
            assertEquals(expected, WordMatcher.of(List.of(asked)).anyIn(written.text()),
                    () -> "term " + show(asked) + " in " + show(written.text()) + " written from " + written.words());
        });
    }

    @TestFactory
    Stream<DynamicTest> decomposedAccents_matchTheComposedTerm_andStrippedAccentsDoNot() {
        return cases(0x19_02L, draw -> {
            String accented = wordOf(draw, ALPHABETS.get(1)) + wordOf(draw, ALPHABETS.get(2));
            Written before = write(draw, draw.between(0, 6), true);
            Written after = write(draw, draw.between(0, 6), true);
            String text = before.text() + draw.oneOf(SEPARATORS) + Normalizer.normalize(recase(draw, accented),
                    Normalizer.Form.NFD) + draw.oneOf(SEPARATORS) + after.text();
            assertTrue(WordMatcher.of(List.of(accented)).anyIn(text), () -> show(accented) + " in " + show(text));
            String stripped = strip(accented);
            if (!stripped.equals(accented) && !before.words().contains(stripped) && !after.words().contains(stripped)) {
                assertFalse(WordMatcher.of(List.of(stripped)).anyIn(text),
                        () -> "accents are significant: " + show(stripped) + " in " + show(text));
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> aWordGluedToOtherLetters_isNotThatWord_butPunctuationAroundItIs() {
        return cases(0x19_03L, draw -> {
            String term = word(draw);
            String glued = draw.chance(0.5) ? term + wordOf(draw, ALPHABETS.get(0)) : wordOf(draw, ALPHABETS.get(0)) + term;
            assertFalse(WordMatcher.of(List.of(term)).anyIn(glued + draw.oneOf(SEPARATORS)),
                    () -> show(term) + " is only part of " + show(glued));
            String punctuated = draw.oneOf(SEPARATORS) + recase(draw, term) + draw.oneOf(SEPARATORS);
            assertTrue(WordMatcher.of(List.of(term)).anyIn(punctuated), () -> show(term) + " in " + show(punctuated));
        });
    }

    @TestFactory
    Stream<DynamicTest> emoji_areWordsOfTheirOwn_evenWithoutSpaces() {
        return cases(0x19_04L, draw -> {
            String emoji = draw.oneOf(EMOJI);
            String text = (draw.chance(0.5) ? word(draw) : "") + emoji + (draw.chance(0.5) ? word(draw) : "")
                    + draw.oneOf(EMOJI);
            assertTrue(WordMatcher.of(List.of(emoji)).anyIn(text), () -> show(emoji) + " in " + show(text));
            String other = EMOJI.stream().filter(e -> !text.contains(e.replace("\uFE0F", ""))).findFirst().orElse(null);
            if (other != null) {
                assertFalse(WordMatcher.of(List.of(other)).anyIn(text), () -> show(other) + " in " + show(text));
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> aHashtagTerm_matchesOnlyTheHashtag_aPlainTermBoth() {
        return cases(0x19_05L, draw -> {
            String tag = word(draw);
            boolean tagged = draw.chance(0.5);
            String text = write(draw, draw.between(0, 5), true).text() + " " + (tagged ? "#" : "")
                    + recase(draw, tag) + " " + write(draw, draw.between(0, 5), true).text();
            assertTrue(WordMatcher.of(List.of(tag)).anyIn(text), () -> show(tag) + " in " + show(text));
            assertEquals(tagged, WordMatcher.of(List.of("#" + tag)).anyIn(text), () -> "#" + show(tag) + " in " + show(text));
        });
    }

    @TestFactory
    Stream<DynamicTest> aTermOfSeveralWords_matchesThemSideBySide_only() {
        return cases(0x19_06L, draw -> {
            Written written = write(draw, draw.between(2, 10), false);
            int at = draw.between(0, written.words().size() - 2);
            String pair = written.words().get(at) + " " + written.words().get(at + 1);
            assertTrue(WordMatcher.of(List.of(recase(draw, pair))).anyIn(written.text()),
                    () -> show(pair) + " in " + show(written.text()));
            String reversed = written.words().get(at + 1) + " " + written.words().get(at);
            boolean sideBySide = false;
            for (int i = 0; i + 1 < written.words().size(); i++) {
                sideBySide |= (written.words().get(i) + " " + written.words().get(i + 1)).equals(reversed);
            }
            assertEquals(sideBySide, WordMatcher.of(List.of(reversed)).anyIn(written.text()),
                    () -> show(reversed) + " in " + show(written.text()));
        });
    }

    // ---- generators ----

    static Stream<DynamicTest> cases(long baseSeed, Consumer<Draw> check) {
        return new SplittableRandom(baseSeed).longs(CASES, 0, Long.MAX_VALUE).boxed().map(seed ->
                DynamicTest.dynamicTest("seed " + seed, () -> {
                    try {
                        check.accept(new Draw(new SplittableRandom(seed)));
                    } catch (AssertionError e) {
                        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
                    }
                }));
    }

    /** 0 to {@code count} words of random scripts in random case, each followed by a separator (and some emoji). */
    static Written write(Draw draw, int count, boolean emoji) {
        List<String> words = new ArrayList<>();
        StringBuilder text = new StringBuilder(draw.chance(0.3) ? draw.oneOf(SEPARATORS) : "");
        for (int i = 0; i < count; i++) {
            if (emoji && draw.chance(0.15)) {
                text.append(draw.oneOf(EMOJI)); // between words, without spaces
            }
            String word = word(draw);
            words.add(word);
            text.append(recase(draw, word)).append(draw.oneOf(SEPARATORS));
        }
        return new Written(words, text.toString());
    }

    static String word(Draw draw) {
        return wordOf(draw, draw.oneOf(ALPHABETS));
    }

    static String wordOf(Draw draw, String alphabet) {
        int[] letters = alphabet.codePoints().toArray();
        StringBuilder word = new StringBuilder();
        for (int i = draw.between(1, 8); i > 0; i--) {
            word.appendCodePoint(letters[draw.between(0, letters.length - 1)]);
        }
        return word.toString();
    }

    /** The word as written: lower, upper, title case, or each letter at random. */
    static String recase(Draw draw, String word) {
        return switch (draw.between(0, 3)) {
            case 0 -> word;
            case 1 -> word.toUpperCase(Locale.ROOT);
            case 2 -> word.substring(0, word.offsetByCodePoints(0, 1)).toUpperCase(Locale.ROOT)
                    + word.substring(word.offsetByCodePoints(0, 1));
            default -> {
                StringBuilder out = new StringBuilder();
                word.codePoints().forEach(cp -> out.append(draw.chance(0.5)
                        ? new String(Character.toChars(cp)).toUpperCase(Locale.ROOT) : new String(Character.toChars(cp))));
                yield out.toString();
            }
        };
    }

    static String strip(String word) {
        return Normalizer.normalize(Normalizer.normalize(word, Normalizer.Form.NFD).replaceAll("\\p{M}", ""),
                Normalizer.Form.NFC);
    }

    static String show(String text) {
        StringBuilder out = new StringBuilder("\"");
        text.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp >= 0x7f && Character.getType(cp) != Character.LOWERCASE_LETTER
                    && Character.getType(cp) != Character.UPPERCASE_LETTER && Character.getType(cp) != Character.OTHER_LETTER) {
                out.append(String.format("\\u{%X}", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.append('"').toString();
    }
}
