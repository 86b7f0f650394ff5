package tme.api.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The cases the properties draw rarely or not at all, each named. */
class WordMatcherTest {

    static boolean holds(String term, String text) {
        return WordMatcher.of(List.of(term)).anyIn(text);
    }

    @Test
    void caseFolding_isFull_notOnlyLowerCase() {
        assertTrue(holds("straße", "DIE STRASSE IST LANG"));
        assertTrue(holds("STRASSE", "die Straße"));
        assertTrue(holds("ΟΔΟΣ", "η οδος"), "final sigma");
        assertTrue(holds("ﬁle", "FILE"), "a ligature folds to its letters");
    }

    @Test
    void cyrillic_isWordsLikeAnyOther() {
        assertTrue(holds("телеграм", "Работу Телеграм, по данным…"));
        assertFalse(holds("телеграм", "Телеграмм-канал"), "another word");
        assertFalse(holds("елка", "Ёлка"), "ё is not е");
        assertTrue(holds("Санкт", "Санкт-Петербург"), "a hyphen ends a word");
    }

    @Test
    void telegramsHashtags_withUnderscoresAndDiacritics_areOneWord() {
        String text = "Agenda: #Punição_ampliada e #Poda_de_árvores";
        assertTrue(holds("#punição_ampliada", text));
        assertTrue(holds("punição_ampliada", text));
        assertFalse(holds("ampliada", text), "the hashtag is one word");
        assertFalse(holds("#agenda", text), "not a hashtag there");
    }

    @Test
    void apostrophes_inAWord_keepItWhole() {
        assertFalse(holds("don", "I don't know"));
        assertTrue(holds("don't", "I DON’T know"), "a typographic apostrophe is the same as a straight one");
    }

    @Test
    void emoji_variationSelectors_doNotMatter_skinTonesDo() {
        assertTrue(holds("❤", "I ❤️ it"));
        assertTrue(holds("❤️", "I ❤ it"));
        assertFalse(holds("👍", "ok 👍🏽"), "a toned thumb is its own emoji");
        assertTrue(holds("🇺🇦", "Слава 🇺🇦!"));
        assertFalse(holds("🇺🇦", "🇺🇸🇦🇺"), "flags pair their letters in order");
    }

    @Test
    void normalised_isTheKeyForm() {
        assertEquals("new york", WordMatcher.normalised("  New   YORK! "));
        assertEquals("#news", WordMatcher.normalised("#News"));
        assertEquals("", WordMatcher.normalised("!!! ..."));
        assertFalse(WordMatcher.hasWords("!!!"));
    }
}
