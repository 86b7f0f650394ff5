package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Text;
import tme.scraper.testing.Fixtures;

/**
 * Text and entities of real posts from the recorded pages (see {@code tme/SOURCES.md}). Offsets are worked
 * out by hand in the comments, segment by segment, in UTF-16 code units: an emoji outside the BMP
 * (🤖, 👇, 🧩) is a surrogate pair (2), an emoji with U+FE0F (⚡️, ⚙️, ✍️) is 2, Cyrillic letters, «», —, ×
 * and U+00A0 are 1 each.
 */
class TextFixturesTest {

    private static final String EMOJI = "https://telegram.org/img/emoji/40/";

    @Test
    void durov490_customEmojiBoldAndHiddenLinkAroundUnderline() {
        Text text = postText("s-durov-2026-05-hortay.html", "durov/490");

        assertEquals("⚡️ You can now create agentic bots in just 2 taps 🤖\n\n"
                + "Ask the devs of the services you use to support it 👇 \n\n"
                + "https://core.telegram.org/bots/features#managed-bots", text.string());
        // "⚡️"=2 | " You can now create agentic bots in " = 4+4+4+7+8+5+3+1 = 36 -> bold at 38,
        // "just 2 taps"=11 -> 49 | " "=1 -> 🤖 at 50 (2) -> 52 | "\n\n" -> 54 |
        // "Ask the devs of the services you use to support it " = 3+4+5+3+4+9+4+4+3+8+3+1 = 51 -> 👇 at 105 (2) -> 107 |
        // " \n\n"=3 -> link at 110, "https://"8 + "core.telegram.org"17 + "/bots"5 + "/features"9 + "#managed-bots"13 = 52.
        // The link carries t.me's confirm() onclick, so it is a text_link although its text is its URL;
        // the <u> inside it has the same span and comes after it (outer first).
        String link = "https://core.telegram.org/bots/features#managed-bots";
        assertEquals(List.of(
                custom(0, "5258203794772085854", EMOJI + "E29AA1.png"),
                Entity.of(EntityType.BOLD, 38, 11),
                custom(50, "5372981976804366741", EMOJI + "F09FA496.png"),
                custom(105, "5305522282695768654", EMOJI + "F09F9187.png"),
                new Entity(EntityType.TEXT_LINK, 110, 52, link, null, null),
                Entity.of(EntityType.UNDERLINE, 110, 52)), text.entities());
        assertEquals(162, text.string().length());
    }

    @Test
    void durov501_plainEmojiAndUrlLinkAroundBold() {
        Text text = postText("s-durov-2026-05-hortay.html", "durov/501");

        assertTrue(text.string().startsWith("⚡️ Fees in TON have dropped 6× — to nearly zero. \n\nNext step — "));
        assertTrue(text.string().endsWith("🪙 This is step 3 of 7 to Make TON Great Again."));
        // "⚡️"2 + " Fees in TON have "18 = 20 -> bold "dropped 6×" (10) -> 30 | " — to nearly zero. "19 -> 49 |
        // "\n\n" -> 51 bold "Next step" (9) -> 60 | " — Telegram ... validator. " = 89 letters + 18 spaces = 107 -> 167 |
        // "\n\n" -> 169 "⚙️" (2) -> 171 | " The focus shifts to "21 -> 192 bold "tech superiority" (16) -> 208 |
        // ". \n\n"4 -> 212 🧩 plain emoji (2) -> 214 | " New "5 -> 219 "ton.org" (7): an <a href="http://ton.org/">
        // without confirm() whose text is its URL minus scheme and slash: url, with a bold of the same span inside.
        List<Entity> entities = text.entities();
        assertEquals(Entity.of(EntityType.BOLD, 20, 10), entities.get(1));
        assertEquals(Entity.of(EntityType.BOLD, 51, 9), entities.get(2));
        assertEquals(custom(169, "5341715473882955310", EMOJI + "E29A99.png"), entities.get(3));
        assertEquals(Entity.of(EntityType.BOLD, 192, 16), entities.get(4));
        assertEquals(new Entity(EntityType.EMOJI, 212, 2, EMOJI + "F09FA7A9.png", null, null), entities.get(5));
        assertEquals(new Entity(EntityType.URL, 219, 7, "http://ton.org/", null, null), entities.get(6));
        assertEquals(Entity.of(EntityType.BOLD, 219, 7), entities.get(7));
        // "This is step<b> 3 </b>of": ... "🪙" at 297 (2) -> 299 | " This is step"13 -> bold " 3 " at 312 (3).
        assertEquals(Entity.of(EntityType.BOLD, 312, 3), entities.get(13));
        assertEquals(Entity.of(EntityType.BOLD, 323, 20), entities.get(15));
        assertEquals(16, entities.size());
        assertEquals(344, text.string().length());
    }

    @Test
    void meduzalive141890_albumCaptionReadsTheInnerOfTwoNestedTextDivs() {
        Text text = postText("s-meduzalive-2026-05-hortay.html", "meduzalive/141890");

        assertEquals("Войска РФ сбросили корректируемые авиабомбы на предприятия Запорожья. 12 человек погибли\n\n"
                + "Еще 16 человек получили ранения, рассказал глава администрации Запорожской области Иван Федоров. "
                + "В результате атаки в городе загорелись автомобили, магазин и здание одного из предприятий. "
                + "Что за производства были целью атаки, Федоров не уточнил.  \n\n"
                + "Обновление. В результате атаки погибли 12 человек, сообщил Федоров. "
                + "В связи с этим мы обновили заголовок поста. \n\n"
                + "Фото: Иван Федоров\n\n@meduzalive", text.string());
        assertTrue(text.html().startsWith("<b>Войска РФ"), text.html()); // no stray inner <div>
        // title: 6+2+8+14+9+2+11+10+2+7+7 = 78 letters + 10 spaces = 88 | "\n\n" -> 90 |
        // "Еще 16 человек получили ранения, " = 3+2+7+8+8 + 5 spaces = 33 -> link at 123, "рассказал" 9 -> 132 |
        // " глава ... уточнил.  " = 175 letters in 28 words + 30 spaces = 205 -> 337 | "\n\n" -> 339 |
        // <b><i>Обновление.</i></b> 11 (bold first: outer) -> 350 | " В результате атаки погибли 12 человек, " =
        // 1+10+5+7+2+8 + 7 spaces = 40 -> link at 390, "сообщил" 7 -> 397 |
        // " Федоров. В связи с этим мы обновили заголовок поста. " = 8+1+5+1+4+2+8+9+6 + 10 spaces = 54 -> 451 |
        // "\n\n" -> 453 | "Фото: Иван Федоров" 18 -> 471 | "\n\n" -> 473 mention "@meduzalive" 11 -> 484.
        assertEquals(List.of(
                Entity.of(EntityType.BOLD, 0, 88),
                new Entity(EntityType.TEXT_LINK, 123, 9, "https://t.me/ivan_fedorov_zp/39463", null, null),
                Entity.of(EntityType.BOLD, 339, 11),
                Entity.of(EntityType.ITALIC, 339, 11),
                new Entity(EntityType.TEXT_LINK, 390, 7, "https://t.me/ivan_fedorov_zp/39478", null, null),
                Entity.of(EntityType.MENTION, 473, 11)), text.entities());
        assertEquals(484, text.string().length());
    }

    @Test
    void durov493_tmesBoldLineBreakIsNoEntity() {
        Text text = postText("s-durov-2026-05-hortay.html", "durov/493");

        // "... <b>permission to message</b> them on Telegram. <br/><b><br/></b><tg-emoji>🆓</tg-emoji> <b>Sign-up":
        // the bold ends at 155 | " them on Telegram. " 19 -> 174 | <br/> at 174 | <b><br/></b> at 175, which was
        // Entity(BOLD, 175, 1) over "\n" before | 🆓 at 176 (2) | " " -> bold at 179.
        assertEquals(" them on Telegram. \n\n🆓 Sign-up", text.string().substring(155, 186));
        List<Entity> entities = text.entities();
        assertEquals(Entity.of(EntityType.BOLD, 134, 21), entities.get(5));
        assertEquals(custom(176, "5841267724285646096", EMOJI + "F09F8693.png"), entities.get(6));
        assertEquals(Entity.of(EntityType.BOLD, 179, 34), entities.get(7));
        assertEquals(10, entities.size());
    }

    @Test
    void meduzalive141878_nbspStaysOneCodeUnitAndMentionIsNotALink() {
        Text text = postText("s-meduzalive-2026-05-hortay.html", "meduzalive/141878");

        String title = "В\u00a0России собираются «активизировать» работу кибердружин и\u00a0медиапатрулей "
                + "в\u00a0средних и\u00a0высших учебных заведениях";
        assertEquals(title + "\n\n@meduza_news\nОткрыть сайт | зеркало | телеграм ↓", text.string());
        // title: 8+10+16+6+11+15+9+8+7+10 = 100 (each &nbsp; is one of them) + 9 spaces = 109 | "\n\n" -> 111 |
        // "@meduza_news" 12 -> 123 | "\n" -> 124 | "Открыть " 8 -> link at 132 "сайт" 4 -> 136 | " | " -> 139 "зеркало" 7.
        String article = "https://meduza.io/news/2026/05/05/pravitelstvo-rf-utverdilo-kompleks-mer-po-profilaktike-"
                + "destruktivnogo-povedeniya-molodezhi-v-chisle-prochego-aktiviziruyut-rabotu-kiberdruzhin";
        String mirror = "https://bit.ly/meduzamirror#news/2026/05/05/pravitelstvo-rf-utverdilo-kompleks-mer-po-"
                + "profilaktike-destruktivnogo-povedeniya-molodezhi-v-chisle-prochego-aktiviziruyut-rabotu-kiberdruzhin";
        assertEquals(List.of(
                Entity.of(EntityType.BOLD, 0, 109),
                Entity.of(EntityType.MENTION, 111, 12),
                new Entity(EntityType.TEXT_LINK, 132, 4, article, null, null),
                new Entity(EntityType.TEXT_LINK, 139, 7, mirror, null, null)), text.entities());
    }

    @Test
    void tchantestEmojiMessage_emojiImageGivesItsCharacterAndTrailingIndentIsTrimmed() {
        Text text = fragmentText("frag-tchantest-emoji_message.html");

        assertEquals("👍", text.string()); // the fragment has "\n              " before </div>
        assertEquals(List.of(new Entity(EntityType.EMOJI, 0, 2, EMOJI + "F09F918D.png", null, null)), text.entities());
    }

    @Test
    void tchantestMultiline_brIsNewline() {
        Text text = fragmentText("frag-tchantest-text_message_multiline.html");

        assertEquals("Bigger\ntext\nmessage\nnumber\n34", text.string());
        assertEquals(List.of(), text.entities());
        assertEquals("Bigger<br>text<br>message<br>number<br>34\n              ", text.html());
    }

    @Test
    void tchantestLinkNoPreview_linkShowingItsOwnUrlIsUrl() {
        Text text = fragmentText("frag-tchantest-text_message_link_no_preview.html");

        // "This is a message with a link" = 4+2+1+7+4+1+4 + 6 spaces = 29, "\n\n" -> 31, "https://brasil.io/" = 18.
        assertEquals("This is a message with a link\n\nhttps://brasil.io/", text.string());
        assertEquals(List.of(new Entity(EntityType.URL, 31, 18, "https://brasil.io/", null, null)), text.entities());
    }

    @Test
    void tchantestWeirdPreview_emojiInsideBoldAndItalicHashtagsAndHiddenLinks() {
        Text text = fragmentText("frag-tchantest-message_weird_preview.html");

        assertTrue(text.string().startsWith("_\n\n✍️ CÂMARA APROVA\n_\n\n\n🔸 Projeto que aumenta penas"));
        // "_\n\n" 3 -> <b> at 3 holds "✍️"2 + " CÂMARA APROVA"14 + "\n_\n\n\n"5 = 21, the emoji at 3 inside it;
        // -> 24 🔸 (2) -> 26 " " -> link at 27: "Projeto que aumenta penas para crimes sexuais contra crianças" 61
        // + its own <br> = 62 -> 89 "#Punição_ampliada" 17 -> 106 "\n" -> 107 <i> around the 🗳 emoji (2).
        List<Entity> entities = text.entities();
        assertEquals(Entity.of(EntityType.BOLD, 3, 21), entities.get(0));
        assertEquals(new Entity(EntityType.EMOJI, 3, 2, EMOJI + "E29C8D.png", null, null), entities.get(1));
        assertEquals(new Entity(EntityType.EMOJI, 24, 2, EMOJI + "F09F94B8.png", null, null), entities.get(2));
        assertEquals(new Entity(EntityType.TEXT_LINK, 27, 62, "http://bit.ly/3Tq1C4G", null, null), entities.get(3));
        assertEquals(Entity.of(EntityType.HASHTAG, 89, 17), entities.get(4));
        assertEquals(Entity.of(EntityType.ITALIC, 107, 2), entities.get(5));
        assertEquals(new Entity(EntityType.EMOJI, 107, 2, EMOJI + "F09F97B3.png", null, null), entities.get(6));
        assertEquals(3, count(entities, EntityType.HASHTAG));
        assertEquals(7, count(entities, EntityType.TEXT_LINK));
        assertTrue(text.string().endsWith("clicando aqui! \n____"));
    }

    @Test
    void durovPage_everyTgEmojiInPostTextsIsOneCustomEmojiEntity() {
        Document page = Jsoup.parse(Fixtures.read("s-durov-2026-05-hortay.html"));
        int tags = 0;
        int entities = 0;
        for (Element node : page.select(".tgme_widget_message_text.js-message_text")) {
            tags += node.getElementsByTag("tg-emoji").size();
            entities += count(TextParser.text(node, true).entities(), EntityType.CUSTOM_EMOJI);
        }
        // 137 <tg-emoji> on the page: 80 are reactions (outside the texts), 57 are in post texts.
        assertEquals(57, tags);
        assertEquals(57, entities);
    }

    @Test
    void everyRecordedText_parsesWithEntitiesInsideTheStringAndSorted() {
        for (String name : FIXTURES) {
            Document page = Jsoup.parse(Fixtures.read(name));
            for (Element node : page.select(".tgme_widget_message_text")) {
                Text text = TextParser.text(node, true);
                assertNotNull(text, name);
                Entity previous = null;
                for (Entity entity : text.entities()) {
                    assertTrue(entity.offset() >= 0 && entity.length() > 0
                            && entity.offset() + entity.length() <= text.string().length(), name + ": " + entity);
                    assertFalse(previous != null && (previous.offset() > entity.offset()
                            || previous.offset() == entity.offset() && previous.length() < entity.length()),
                            name + ": " + previous + " before " + entity);
                    previous = entity;
                }
            }
        }
    }

    private static final List<String> FIXTURES = List.of(
            "s-durov-2026-05-hortay.html", "s-meduzalive-2026-05-hortay.html", "s-topwar_official-2023-02-any2feed.html",
            "embed-durov-505-2026-05-neotolis.html", "embed-K1inUSA-2018-telegtools.html",
            "frag-tchantest-message_weird_preview.html", "frag-any2feed-message_media_photo_and_video.html",
            "frag-any2feed-message_voice.html", "frag-tchantest-text_reply_to_video.html");

    private static Entity custom(int offset, String id, String url) {
        return new Entity(EntityType.CUSTOM_EMOJI, offset, 2, url, null, id);
    }

    private static int count(List<Entity> entities, EntityType type) {
        return (int) entities.stream().filter(e -> e.type() == type).count();
    }

    /** The post's own text div (this test's own lookup; the post parser has the real selector). */
    private static Text postText(String fixture, String post) {
        Document page = Jsoup.parse(Fixtures.read(fixture));
        Element message = page.selectFirst(".tgme_widget_message[data-post=" + post + "]");
        Element own = message.select(".tgme_widget_message_text").stream()
                .filter(node -> node.closest(".tgme_widget_message_reply") == null)
                .findFirst().orElseThrow();
        return TextParser.text(own, true);
    }

    private static Text fragmentText(String fixture) {
        Document page = Jsoup.parse(Fixtures.read(fixture));
        return TextParser.text(page.selectFirst(".tgme_widget_message_text.js-message_text"), true);
    }
}
