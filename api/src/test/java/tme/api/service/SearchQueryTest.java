package tme.api.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.text.Normalizer;
import org.junit.jupiter.api.Test;
import tme.api.problem.InvalidInput;

/** The query's normal form (one entry per search however it is written) and its bounds. */
class SearchQueryTest {

    static String normal(String raw) {
        return SearchQuery.parse("q", raw).value();
    }

    @Test
    void spellingsOfOneSearch_areOneQuery() {
        assertEquals("telegram", normal(" Telegram "));
        assertEquals("digital services act", normal("Digital \t SERVICES\n act"));
        assertEquals("strasse", normal("Straße"), "full case folding");
        assertEquals(normal("café"), normal(Normalizer.normalize("CAFÉ", Normalizer.Form.NFD)), "NFC");
        assertEquals("#белгород", normal("#Белгород"));
        assertEquals("$ton", normal("$TON"));
    }

    @Test
    void aQuery_isOneTo128CharactersAfterTrimming() {
        assertEquals(128, normal("  " + "😀".repeat(128) + "  ").codePointCount(0, 256), "characters, not UTF-16 units");
        InvalidInput tooLong = assertThrows(InvalidInput.class, () -> normal("x".repeat(129)));
        assertEquals("q must be 1 to 128 characters: 129", tooLong.problem().detail());
        assertEquals("q", tooLong.problem().parameter());
        assertEquals("q must be 1 to 128 characters: blank", assertThrows(InvalidInput.class, () -> normal(" \t "))
                .problem().detail());
        assertEquals("q must be 1 to 128 characters: missing", assertThrows(InvalidInput.class, () -> normal(null))
                .problem().detail());
    }
}
