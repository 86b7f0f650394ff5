package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tme.scraper.parse.ParsedAssert.ok;
import static tme.scraper.parse.ParsedAssert.post;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import tme.scraper.model.InlineButton;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.testing.Fixtures;

/**
 * Reactions and inline keyboards. The recorded pages have paid and custom-emoji reactions only and no inline
 * keyboard, so the other kinds are added to a recorded post here, with markup as t.me writes it: the standard
 * emoji reaction as SOURCES.md section 4 gives it, the keyboard as in a public 2020 capture of t.me/s/xCareers
 * (a {@code tgme_widget_message_inline_keyboard} beside the bubble, one div per row).
 */
class ReactionsAndButtonsTest {

    private static final String THUMBS_UP = "<span class=\"tgme_reaction\"><i class=\"emoji\" style=\"background-image:"
            + "url('//telegram.org/img/emoji/40/F09F918D.png')\"><b>👍</b></i>1.2K</span>";
    private static final String CUSTOM_WITH_FALLBACK = "<span class=\"tgme_reaction\"><tg-emoji emoji-id="
            + "\"5368324170671202286\"><i class=\"emoji\" style=\"background-image:url('//telegram.org/img/emoji/40/"
            + "F09F9881.png')\"><b>😁</b></i></tg-emoji>310</span>";
    private static final String KEYBOARD = """
            <div class="tgme_widget_message_inline_keyboard">
             <div class="tgme_widget_message_inline_row">
              <a class="tgme_widget_message_inline_button url_button" href="https://xcareers.me/job/" target="_blank" \
            rel="noopener" onclick="return confirm('Open this link?\\n\\n'+this.href);"><span \
            class="tgme_widget_message_inline_button_text" dir="auto">Разместить вакансию</span></a>
             </div>
             <div class="tgme_widget_message_inline_row">
              <a class="tgme_widget_message_inline_button url_button" href="https://t.me/xCareersChat" target="_blank" \
            rel="noopener"><span class="tgme_widget_message_inline_button_text" dir="auto">Чат</span></a>
              <a class="tgme_widget_message_inline_button url_button" href="https://t.me/xCareers" target="_blank" \
            rel="noopener"><span class="tgme_widget_message_inline_button_text" dir="auto">Канал</span></a>
             </div>
            </div>""";

    @Test
    void durov_paidAndCustomEmojiReactionsWithCounts() {
        Post post = post(ok(ChannelPageParser.parse(Fixtures.read("s-durov-2026-05-hortay.html"), ParserMode.FULL))
                .value().posts(), 481);

        assertEquals(List.of(
                new Reaction.Paid("26.7K"),
                new Reaction.CustomEmoji("5265077361648368841", null, null, "44.2K"),
                new Reaction.CustomEmoji("5472404692975753822", null, null, "25.4K"),
                new Reaction.CustomEmoji("5314647211299067950", null, null, "11.1K"),
                new Reaction.CustomEmoji("5447193685919811994", null, null, "3.86K")), post.content().reactions());
    }

    @Test
    void standardEmojiAndCustomEmojiWithFallbackImage() {
        Document doc = Jsoup.parse(Fixtures.read("embed-durov-505-2026-05-neotolis.html"));
        doc.selectFirst(".tgme_widget_message_reactions").append(THUMBS_UP).append(CUSTOM_WITH_FALLBACK);

        List<Reaction> reactions = ok(MoreParser.parse(doc.outerHtml(), ParserMode.FULL))
                .value().posts().getFirst().content().reactions();

        assertEquals(new Reaction.Paid("27.7K"), reactions.getFirst());
        assertEquals(new Reaction.Emoji("👍", "https://telegram.org/img/emoji/40/F09F918D.png", "1.2K"),
                reactions.get(reactions.size() - 2));
        assertEquals(new Reaction.CustomEmoji("5368324170671202286", "😁",
                "https://telegram.org/img/emoji/40/F09F9881.png", "310"), reactions.getLast());
    }

    @Test
    void inlineKeyboard_allRowsInReadingOrder() {
        Document doc = Jsoup.parse(Fixtures.read("frag-tchantest-unsigned_text_message.html"));
        doc.selectFirst(".tgme_widget_message").append(KEYBOARD);

        for (ParserMode mode : ParserMode.values()) {
            Post post = ok(MoreParser.parse(doc.body().html(), mode)).value().posts().getFirst();
            assertEquals(List.of(
                    new InlineButton("Разместить вакансию", "https://xcareers.me/job/"),
                    new InlineButton("Чат", "https://t.me/xCareersChat"),
                    new InlineButton("Канал", "https://t.me/xCareers")), post.content().inline(), mode.name());
        }
    }

    @Test
    void noKeyboard_noButtons() {
        Post post = PostPartsTest.only("frag-tchantest-unsigned_text_message.html");

        assertEquals(List.of(), post.content().inline());
        assertEquals(List.of(), post.content().reactions());
    }
}
