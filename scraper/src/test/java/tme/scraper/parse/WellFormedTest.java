package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static tme.scraper.parse.ParsedAssert.ok;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Text;

/** Lone surrogates never reach the model: they become U+FFFD, as a browser shows them. */
class WellFormedTest {

    @Test
    void referencesToLoneSurrogates_becomeTheReplacementCharacterInTextsAndLinks() {
        // jsoup decodes &#xD83C; to a lone U+D83C: before, the string was "a\uD83Cx link 🇺" and the url "...q=\uDE00".
        Text text = onlyPostText("a&#xD83C;x <a href=\"https://e.org/?q=&#xDE00;\">link</a> &#55356;&#56826;");

        assertEquals("a\uFFFDx link \uD83C\uDDFA", text.string()); // two references that make a pair stay a pair
        assertEquals(List.of(new Entity(EntityType.TEXT_LINK, 4, 4, "https://e.org/?q=\uFFFD", null, null)),
                text.entities());
    }

    @Test
    void rawLoneSurrogatesInTheInput_becomeTheReplacementCharacter() {
        Text text = onlyPostText("cut \uD83D<b>\uDE00</b> end\uD83C");

        assertEquals("cut \uFFFD\uFFFD end\uFFFD", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 5, 1)), text.entities());
    }

    @Test
    void fix_returnsAWellFormedStringItselfAndReplacesEachLoneHalf() {
        String wellFormed = "🇪🇺 é ⚡️";

        assertSame(wellFormed, WellFormed.fix(wellFormed));
        assertEquals("\uFFFD\uFFFD", WellFormed.fix("\uDE00\uD83C")); // a low before a high is no pair
        assertEquals("a\uFFFDb😀\uFFFD", WellFormed.fix("a\uD83Db😀\uDE00"));
    }

    private static Text onlyPostText(String textHtml) {
        String fragment = "<div class=\"tgme_widget_message_wrap\"><div class=\"tgme_widget_message\" data-post=\"c/5\">"
                + "<div class=\"tgme_widget_message_bubble\"><div class=\"tgme_widget_message_text js-message_text\">"
                + textHtml + "</div></div></div></div>";
        return ok(MoreParser.parse(fragment, ParserMode.FULL)).value().posts().getFirst().content().text();
    }
}
