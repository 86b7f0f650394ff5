package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Rich;
import tme.scraper.model.Text;

/**
 * Formatting entities on small hand-written snippets in t.me's style (the text div t.me writes, with the
 * tags of the Bot API's HTML). Spoiler, code, pre, strikethrough and blockquote appear in no recorded page,
 * so these snippets are the only evidence for them; everything else is also covered by {@link TextFixturesTest}.
 */
class TextEntitiesTest {

    @Test
    void nested_boldAroundItalicGivesBothOuterFirst() {
        Text text = parse("<b><i>x</i></b>");

        assertEquals("x", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 0, 1), Entity.of(EntityType.ITALIC, 0, 1)), text.entities());
    }

    @Test
    void nested_partlyOverlappingSpans() {
        // "ab" + "cd" + "ef": bold spans 0..6, italic 2..4, underline inside italic 3..4.
        Text text = parse("<b>ab<i>c<u>d</u></i>ef</b> tail");

        assertEquals("abcdef tail", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 0, 6), Entity.of(EntityType.ITALIC, 2, 2),
                Entity.of(EntityType.UNDERLINE, 3, 1)), text.entities());
    }

    @Test
    void offsets_countUtf16UnitsSoAnEmojiBeforeAnEntityCountsTwo() {
        // "😀" is U+1F600, a surrogate pair: 2 units, then " " -> bold at 3. "𝐀" (U+1D400) inside is 2 long.
        Text text = parse("😀 <b>ok</b> <i>𝐀</i>");

        assertEquals("😀 ok 𝐀", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 3, 2), Entity.of(EntityType.ITALIC, 6, 2)), text.entities());
    }

    @Test
    void offsets_decodedHtmlEntitiesCountOnce() {
        // "A & B " is 6 units although the markup spells "&amp;" (5 chars); "&lt;b&gt;" is text, not a tag.
        Text text = parse("A &amp; B <b>bold</b> &lt;b&gt; &quot;q&quot;&#33;");

        assertEquals("A & B bold <b> \"q\"!", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 6, 4)), text.entities());
    }

    @Test
    void br_isNewlineInStringAndOffsets() {
        Text text = parse("a<br/>b<br>\n<b>c</b>");

        assertEquals("a\nb\n\nc", text.string()); // the raw "\n" between tags is a text node, kept as it is
        assertEquals(List.of(Entity.of(EntityType.BOLD, 5, 1)), text.entities());
    }

    @Test
    void repeatedSubstring_entityIsAtItsOwnPlaceNotTheFirstOccurrence() {
        Text text = parse("x <b>x</b> x<b>x</b>");

        assertEquals("x x xx", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 2, 1), Entity.of(EntityType.BOLD, 5, 1)), text.entities());
    }

    @Test
    void allFormattingTags() {
        Text text = parse("<b>1</b><strong>2</strong><i>3</i><em>4</em><u>5</u><ins>6</ins><s>7</s><strike>8</strike>"
                + "<del>9</del><tg-spoiler>A</tg-spoiler><span class=\"tg-spoiler\">B</span><code>C</code>"
                + "<blockquote>D</blockquote>");

        assertEquals("123456789ABCD", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 0, 1), Entity.of(EntityType.BOLD, 1, 1),
                Entity.of(EntityType.ITALIC, 2, 1), Entity.of(EntityType.ITALIC, 3, 1),
                Entity.of(EntityType.UNDERLINE, 4, 1), Entity.of(EntityType.UNDERLINE, 5, 1),
                Entity.of(EntityType.STRIKETHROUGH, 6, 1), Entity.of(EntityType.STRIKETHROUGH, 7, 1),
                Entity.of(EntityType.STRIKETHROUGH, 8, 1), Entity.of(EntityType.SPOILER, 9, 1),
                Entity.of(EntityType.SPOILER, 10, 1), Entity.of(EntityType.CODE, 11, 1),
                Entity.of(EntityType.BLOCKQUOTE, 12, 1)), text.entities());
    }

    @Test
    void pre_withLanguageFromItsCodeAndNoInlineCodeInside() {
        // "Run:\n" 5 -> pre at 5: "print(1)\nx = 2" 14 -> 19 | the block's line break 1 -> 20 | " then " 6 -> code at 26.
        Text text = parse("Run:<br/><pre><code class=\"language-python\">print(1)\nx = 2</code></pre> then <code>go</code>");

        assertEquals("Run:\nprint(1)\nx = 2\n then go", text.string());
        assertEquals(List.of(new Entity(EntityType.PRE, 5, 14, null, "python", null), Entity.of(EntityType.CODE, 26, 2)),
                text.entities());
    }

    @Test
    void pre_withoutLanguage() {
        Text text = parse("<pre>a  b</pre>");

        assertEquals("a  b", text.string());
        assertEquals(List.of(new Entity(EntityType.PRE, 0, 4, null, null, null)), text.entities());
    }

    @Test
    void blocks_areFollowedByALineBreakAndTheEntitiesAfterThemMoveByOne() {
        // t.me writes no <br> after a block. Before: "print(1)secret", bold at 14.
        Text text = parse("<pre>print(1)</pre>secret <b>bold</b>");

        assertEquals("print(1)\nsecret bold", text.string());
        assertEquals(List.of(new Entity(EntityType.PRE, 0, 8, null, null, null), Entity.of(EntityType.BOLD, 16, 4)),
                text.entities());
    }

    @Test
    void blocks_quoteThenEntityStartsAfterTheBreakNotOnIt() {
        // Before: "quotedafter" with bold at 6 over "after".
        Text text = parse("<blockquote>quoted</blockquote><b>after</b>");

        assertEquals("quoted\nafter", text.string());
        assertEquals(List.of(Entity.of(EntityType.BLOCKQUOTE, 0, 6), Entity.of(EntityType.BOLD, 7, 5)), text.entities());
    }

    @Test
    void blocks_oneBreakAfterNestedBlocksNoneAtTheEndAndABrStillCounts() {
        assertEquals("code\nnext", parse("<blockquote><pre>code</pre></blockquote>next").string());
        assertEquals("a\nb", parse("<blockquote>a</blockquote><blockquote>b</blockquote>").string());
        assertEquals("quote", parse("<blockquote>quote</blockquote>").string());
        // The line break t.me dropped, then the <br>: the message had an empty line there.
        assertEquals("a\n\nb", parse("<pre>a</pre><br>b").string());
        assertEquals("a\nb", TextParser.text(node("<pre>a</pre>b"), false).string());
    }

    @Test
    void whitespaceOnlyEntities_areDroppedAndTheOthersKeepTheirPlace() {
        // Before: [bold 1..2 over "\n"], and "<i> </i>", "<u>\n\n</u>" gave italic and underline entities too.
        Text text = parse("a<b><br></b>b<i> </i>c<u><br><br></u><s>d</s>");

        assertEquals("a\nb c\n\nd", text.string());
        assertEquals(List.of(Entity.of(EntityType.STRIKETHROUGH, 7, 1)), text.entities());
    }

    @Test
    void whitespaceOnlyEntities_aNoBreakSpaceIsText() {
        Text text = parse("a<b>&nbsp;</b>b");

        assertEquals("a\u00a0b", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 1, 1)), text.entities());
    }

    @Test
    void customEmoji_idAndItsImageAndNoSeparateEmojiOrBold() {
        Text text = parse("<tg-emoji emoji-id=\"5368324170671202286\"><i class=\"emoji\" "
                + "style=\"background-image:url('//telegram.org/img/emoji/40/F09F918D.png')\"><b>👍</b></i></tg-emoji>"
                + " ok <tg-emoji emoji-id=\"42\">🙂</tg-emoji>");

        assertEquals("👍 ok 🙂", text.string());
        assertEquals(List.of(
                new Entity(EntityType.CUSTOM_EMOJI, 0, 2, "https://telegram.org/img/emoji/40/F09F918D.png", null,
                        "5368324170671202286"),
                new Entity(EntityType.CUSTOM_EMOJI, 6, 2, null, null, "42")), text.entities());
    }

    @Test
    void emojiWithoutItsImage_isOnlyItsCharacter() {
        // Found by MutatedPagesTest (an <i class="emoji"> whose style was dropped): before, Entity(EMOJI, 0, 2) with
        // no url, an emoji entity without the image it stands for.
        Text text = parse("<i class=\"emoji\"><b>👍</b></i> ok");

        assertEquals("👍 ok", text.string());
        assertEquals(List.of(), text.entities());
    }

    @Test
    void customEmojiWithoutAnId_isItsOrdinaryEmojiOrOnlyItsCharacter() {
        // Before: Entity(CUSTOM_EMOJI, 0, 2, url) and Entity(CUSTOM_EMOJI, 2, 2) without custom_emoji_id.
        Text text = parse("<tg-emoji><i class=\"emoji\" style=\"background-image:url('//telegram.org/img/emoji/40/"
                + "F09F918D.png')\"><b>👍</b></i></tg-emoji><tg-emoji emoji-id=\" \">🙂</tg-emoji>");

        assertEquals("👍🙂", text.string());
        assertEquals(List.of(new Entity(EntityType.EMOJI, 0, 2, "https://telegram.org/img/emoji/40/F09F918D.png", null,
                null)), text.entities());
    }

    @Test
    void unknownTags_giveTheirTextAndNoEntity() {
        Text text = parse("<span>a</span><foo-bar>b</foo-bar><div>c</div><i class=\"icon\"></i><!-- note -->d");

        assertEquals("abcd", text.string());
        assertEquals(List.of(), text.entities());
    }

    @Test
    void emptyAndOddMarkup_neverThrow() {
        assertEquals("x", parse("<b>x</i></u></b></b>").string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 0, 1)), parse("<b>x").entities());
    }

    @Test
    void aTextDivShowingNoText_isNoText() {
        // Found by MutatedPagesRenderTest (an emptied text div): before, Text("", "", []), which the answer
        // wrote as "text":{"string":"","html":""}; empty parts are left out of answers.
        assertNull(parse(""));
        assertNull(parse("<b></b><a href=\"https://x.org\"></a><i class=\"emoji\"></i>"));
        assertNull(parse(" <br/>\n  "));
        assertNull(TextParser.text(node(""), false));
        assertNull(TextParser.shown(node("<br>")));
        assertEquals(new Rich("", ""), TextParser.rich(node(""))); // a required part (a service text) stays
    }

    @Test
    void deepNesting_isCutToPlainTextInsteadOfOverflowingTheStack() {
        String deep = "<b>".repeat(5_000) + "deep" + "</b>".repeat(5_000);
        Text text = parse(deep);

        assertEquals("deep", text.string());
        assertEquals(100, text.entities().size()); // bold levels 1..100 under the text div are entities
    }

    @Test
    void surroundingWhitespace_isTrimmedAndEntitiesClipped() {
        Text text = parse("\n   <b> x </b> y <i> </i>\n   ");

        assertEquals("x  y", text.string());
        assertEquals(List.of(Entity.of(EntityType.BOLD, 0, 2)), text.entities()); // " x " clipped to "x "
    }

    @Test
    void nbsp_staysU00A0() {
        assertEquals("a\u00a0b", parse("a&nbsp;b").string());
    }

    @Test
    void withoutEntities_sameStringNoEntities() {
        Element node = node("😀 <b>ok</b>");

        assertEquals(new Text("😀 ok", "😀 <b>ok</b>", List.of()), TextParser.text(node, false));
    }

    @Test
    void html_isDomInnerHtmlWithoutPrettyPrinting() {
        // The document is parsed with jsoup's defaults (pretty-printing on), as a page parser may do.
        Text text = parse("<b>a</b><br/>b<blockquote>q</blockquote><pre>x\n  y</pre>");

        assertEquals("<b>a</b><br>b<blockquote>q</blockquote><pre>x\n  y</pre>", text.html());
    }

    @Test
    void rich_stringAndHtml() {
        assertEquals(new Rich("Pavel Durov\nline", "Pavel <b>Durov</b><br>line"), TextParser.rich(node("Pavel <b>Durov</b><br>line")));
    }

    @Test
    void nullNode_givesNull() {
        assertNull(TextParser.text(null, true));
        assertNull(TextParser.rich(null));
    }

    private static Text parse(String inner) {
        return TextParser.text(node(inner), true);
    }

    private static Element node(String inner) {
        return Jsoup.parse("<div class=\"tgme_widget_message_text js-message_text\" dir=\"auto\">" + inner + "</div>")
                .selectFirst("div.tgme_widget_message_text");
    }
}
