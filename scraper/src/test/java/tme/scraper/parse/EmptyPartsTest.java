package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.scraper.parse.ParsedAssert.ok;

import java.util.List;
import java.util.function.Consumer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.InlineButton;
import tme.scraper.model.Poll;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.model.Reply;
import tme.scraper.testing.Fixtures;

/**
 * A part that shows nothing is no part: answers leave empty objects and strings out ({@code docs/api.md},
 * Conventions), so the parser gives null (or skips the item) rather than a part with nothing in it.
 * {@code MutatedPagesRenderTest} in the api found the empty post text ({@code "text":{"string":"","html":""}});
 * the other parts had the same fault, found by reading their parsers. Each case is a recorded page with one block
 * emptied; the comments give what the parser gave before and the answer wrote.
 */
class EmptyPartsTest {

    @Test
    void reply_withNothingReadableIsNoReply() {
        // Before: Reply(null, null, null, null), written "reply":{}.
        Post post = onlyPost("frag-tchantest-text_reply_to_video.html",
                doc -> doc.selectFirst(".tgme_widget_message_reply").empty().removeAttr("href"));

        assertNull(post.content().reply());
        assertEquals("Reply to a video (not recorded in telegram)", post.content().text().string());
    }

    @Test
    void reply_emptyNameAndQuoteAreLeftOut() {
        // Before: name and text were Rich("", ""), written {"string":"","html":""}.
        Post post = onlyPost("frag-tchantest-text_reply_to_video.html", doc -> {
            doc.selectFirst(".tgme_widget_message_author_name").empty();
            doc.selectFirst(".js-message_reply_text").empty();
        });

        Reply reply = post.content().reply();
        assertEquals(19, reply.toMessage());
        assertNull(reply.name());
        assertNull(reply.text());
    }

    @Test
    void poll_withNothingReadableIsNoPollAndEmptyOptionsAreSkipped() {
        // Before: Poll(null, null, null, [Option(null, null) x 3]), written "poll":{"options":[{},{},{}]}.
        Post emptied = onlyPost("frag-tchantest-poll.html", doc -> {
            doc.select(".tgme_widget_message_poll_question, .tgme_widget_message_poll_type").remove();
            doc.select(".tgme_widget_message_poll_option_text, .tgme_widget_message_poll_option_percent").empty();
            doc.select(".tgme_widget_message_voters").remove();
        });
        Post oneEmptyOption = onlyPost("frag-tchantest-poll.html", doc -> {
            doc.selectFirst(".tgme_widget_message_poll_option_text").empty();
            doc.selectFirst(".tgme_widget_message_poll_option_percent").empty();
        });

        assertNull(emptied.content().poll());
        List<Poll.Option> options = oneEmptyOption.content().poll().options();
        assertEquals(2, options.size()); // three in the fragment
    }

    @Test
    void linkPreview_withNothingReadableIsNoPreview() {
        // Before: LinkPreview(null, null, null, null, null), written "preview_link":{}.
        Post post = onlyPost("frag-tchantest-text_message_link_with_regular_preview.html",
                doc -> doc.selectFirst(".tgme_widget_message_link_preview").empty().removeAttr("href"));

        assertNull(post.content().preview());
    }

    @Test
    void inlineButton_withNeitherTitleNorLinkIsSkipped() {
        // Before: InlineButton(null, null) between the others, written {}.
        Post post = onlyPost("frag-tchantest-unsigned_text_message.html", doc -> doc.selectFirst(".tgme_widget_message")
                .append("<div class=\"tgme_widget_message_inline_keyboard\"><div class=\"tgme_widget_message_inline_row\">"
                        + "<a class=\"tgme_widget_message_inline_button\" href=\"https://t.me/x\">X</a>"
                        + "<span class=\"tgme_widget_message_inline_button\"> </span></div></div>"));

        assertEquals(List.of(new InlineButton("X", "https://t.me/x")), post.content().inline());
    }

    @Test
    void customEmojiReaction_withoutAnIdIsItsFallbackEmoji() {
        // Before: CustomEmoji("", "😁", image, "310"), written "emoji_id":"".
        String idless = "<span class=\"tgme_reaction\"><tg-emoji emoji-id=\"\"><i class=\"emoji\" style=\""
                + "background-image:url('//telegram.org/img/emoji/40/F09F9881.png')\"><b>😁</b></i></tg-emoji>310</span>";
        Post post = onlyPost("embed-durov-505-2026-05-neotolis.html",
                doc -> doc.selectFirst(".tgme_widget_message_reactions").append(idless));

        assertEquals(new Reaction.Emoji("😁", "https://telegram.org/img/emoji/40/F09F9881.png", "310"),
                post.content().reactions().getLast());
    }

    @Test
    void channelTitle_emptyIsLeftOut() {
        // Before: Rich("", ""), written "title":{"string":"","html":""}.
        Document doc = Jsoup.parse(Fixtures.read("s-demo_empty-2026-09-agentkreal.html"));
        doc.selectFirst(".tgme_channel_info_header_title > span").empty();

        ChannelPage page = ok(ChannelPageParser.parse(doc.outerHtml(), ParserMode.FULL)).value();

        assertNull(page.channel().title());
        assertEquals("demo_empty", page.channel().username());
    }

    private static Post onlyPost(String fixture, Consumer<Document> change) {
        Document doc = Jsoup.parse(Fixtures.read(fixture));
        change.accept(doc);
        return ok(MoreParser.parse(doc.outerHtml(), ParserMode.FULL)).value().posts().getFirst();
    }
}
