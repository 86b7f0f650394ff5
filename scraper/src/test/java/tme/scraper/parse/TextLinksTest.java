package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Text;

/**
 * Every kind of link entity. The mention, hashtag, url and hidden-link markup is copied from the recorded
 * pages (durov, meduzalive, tchantest); cashtag, bot command and email links appear in none, so their
 * snippets follow the same pattern by hand.
 */
class TextLinksTest {

    /** t.me's attribute on hidden links, as in {@code s-durov-2026-05-hortay.html}. */
    private static final String CONFIRM = " target=\"_blank\" rel=\"noopener\" onclick=\"return confirm('Open this link?\\n\\n'+this.href);\"";

    @Test
    void mention_atNameLinkingToItsProfile() {
        assertEquals(List.of(Entity.of(EntityType.MENTION, 0, 12)),
                entities("<a href=\"https://t.me/meduza_news\" target=\"_blank\">@meduza_news</a>"));
        assertEquals(List.of(Entity.of(EntityType.MENTION, 4, 6)),
                entities("cc: <a href=\"https://t.me/Durov/\">@durov</a>")); // case and trailing slash do not matter
    }

    @Test
    void mention_whoseTargetIsAnotherProfileIsATextLink() {
        assertEquals(List.of(new Entity(EntityType.TEXT_LINK, 0, 6, "https://t.me/telegram", null, null)),
                entities("<a href=\"https://t.me/telegram\">@durov</a>"));
    }

    @Test
    void hashtagAndCashtag_linkToTheChannelSearch() {
        assertEquals(List.of(Entity.of(EntityType.HASHTAG, 0, 9), Entity.of(EntityType.CASHTAG, 10, 4)),
                entities("<a href=\"?q=%23%D0%91%D0%B5%D0%BB%D0%B3%D0%BE%D1%80%D0%BE%D0%B4\">#Белгород</a> "
                        + "<a href=\"?q=%24TON\">$TON</a>"));
    }

    @Test
    void botCommand_slashCommandOptionallyAddressedToABot() {
        assertEquals(List.of(Entity.of(EntityType.BOT_COMMAND, 4, 6), Entity.of(EntityType.BOT_COMMAND, 11, 14)),
                entities("Try <a href=\"?q=%2Fstart\">/start</a> <a href=\"?q=%2Fhelp\">/help@durovbot</a>"));
    }

    @Test
    void email_mailtoWithTheAddressAsText() {
        assertEquals(List.of(Entity.of(EntityType.EMAIL, 0, 18),
                        new Entity(EntityType.TEXT_LINK, 19, 9, "mailto:press@telegram.org", null, null)),
                entities("<a href=\"mailto:press@telegram.org\">press@telegram.org</a> "
                        + "<a href=\"mailto:press@telegram.org\">write us!</a>"));
    }

    @Test
    void url_textIsItsTargetAllowingTmeDifferences() {
        // as written; without scheme and slash (durov/501: "ton.org" -> http://ton.org/); percent-decoded;
        // shortened with "…"
        Text text = parse("<a href=\"https://brasil.io/\">https://brasil.io/</a> "
                + "<a href=\"http://ton.org/\">ton.org</a> "
                + "<a href=\"https://ru.wikipedia.org/wiki/%D0%9C%D0%B8%D1%80\">https://ru.wikipedia.org/wiki/Мир</a> "
                + "<a href=\"https://example.com/a/very/long/path?x=1\">example.com/a/very/lo…</a>");

        // "https://brasil.io/" 18 + " " -> 19 "ton.org" 7 -> 26 + " " -> 27 "https://ru.wikipedia.org/wiki/Мир" 33
        // -> 60 + " " -> 61 "example.com/a/very/lo…" 22.
        assertEquals(List.of(
                new Entity(EntityType.URL, 0, 18, "https://brasil.io/", null, null),
                new Entity(EntityType.URL, 19, 7, "http://ton.org/", null, null),
                new Entity(EntityType.URL, 27, 33, "https://ru.wikipedia.org/wiki/%D0%9C%D0%B8%D1%80", null, null),
                new Entity(EntityType.URL, 61, 22, "https://example.com/a/very/long/path?x=1", null, null)),
                text.entities());
    }

    @Test
    void url_isKeptWhenAHashtagFollowsLater() {
        // The prior service lost this url because a '#' occurs later in the HTML.
        assertEquals(List.of(new Entity(EntityType.URL, 0, 11, "https://example.com", null, null),
                        Entity.of(EntityType.HASHTAG, 12, 6)),
                entities("<a href=\"https://example.com\">example.com</a> <a href=\"?q=%23later\">#later</a>"));
    }

    @Test
    void textLink_hiddenLinkWithConfirmEvenWhenItsTextLooksLikeAUrl() {
        // durov/485: "The FBI <a ... onclick=confirm>got access</a>"; durov/490: a hidden link whose text is its URL.
        assertEquals(List.of(
                        new Entity(EntityType.TEXT_LINK, 0, 10, "https://9to5mac.com/2026/04/09/x/", null, null),
                        new Entity(EntityType.TEXT_LINK, 11, 15, "https://ton.org/", null, null)),
                entities("<a href=\"https://9to5mac.com/2026/04/09/x/\"" + CONFIRM + ">got access</a> "
                        + "<a href=\"https://ton.org/\"" + CONFIRM + ">https://ton.org</a>"));
    }

    @Test
    void textLink_plainLinkWithOtherText() {
        assertEquals(List.of(new Entity(EntityType.TEXT_LINK, 5, 4, "https://telegram.org/faq", null, null)),
                entities("Read <a href=\"https://telegram.org/faq\">this</a>."));
    }

    @Test
    void anchorWithoutTarget_isPlainText() {
        Text text = parse("<a name=\"x\">just text</a> <a href=\"  \">blank</a>");

        assertEquals("just text blank", text.string());
        assertEquals(List.of(), text.entities());
    }

    @Test
    void scriptAndDataLinks_arePlainText() {
        // Found by MutatedPagesTest (a meduzalive text wrapped in <a href="javascript:alert(1)">): before,
        // Entity(TEXT_LINK, 0, 5, "javascript:alert(1)"), a link a client would render and run.
        Text text = parse("<a href=\"javascript:alert(1)\">click</a> <a href=\" Java&#9;Script:alert(1)\"" + CONFIRM
                + ">x</a> <a href=\"data:text/html,hi\">y</a> <a href=\"VBScript:msgbox\">z</a> <b>ok</b>");

        assertEquals("click x y z ok", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 12, 2)), text.entities());
    }

    @Test
    void linkAroundFormatting_outerLinkFirstThenInner() {
        // meduzalive/141881: <a ... confirm><b>ввела</b></a> between two bold runs.
        // "Великобритания " 14+1 = 15 -> link and bold "ввела" 5 -> 20 bold " санкции" 8.
        assertEquals(List.of(Entity.of(EntityType.BOLD, 0, 15),
                        new Entity(EntityType.TEXT_LINK, 15, 5, "https://bit.ly/m", null, null),
                        Entity.of(EntityType.BOLD, 15, 5),
                        Entity.of(EntityType.BOLD, 20, 8)),
                entities("<b>Великобритания </b><a href=\"https://bit.ly/m\"" + CONFIRM + "><b>ввела</b></a><b> санкции</b>"));
    }

    private static List<Entity> entities(String inner) {
        return parse(inner).entities();
    }

    private static Text parse(String inner) {
        return TextParser.text(Jsoup.parse("<div class=\"tgme_widget_message_text js-message_text\" dir=\"auto\">"
                + inner + "</div>").selectFirst("div.tgme_widget_message_text"), true);
    }
}
