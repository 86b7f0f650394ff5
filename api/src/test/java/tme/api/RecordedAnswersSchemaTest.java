package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tme.api.render.JsonRender;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.Content;
import tme.scraper.model.Entity;
import tme.scraper.model.EntityType;
import tme.scraper.model.Footer;
import tme.scraper.model.InlineButton;
import tme.scraper.model.Media;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.model.Text;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;
import tme.scraper.testing.Fixtures;

/**
 * Every recorded page and message fragment renders, in both parser modes, to JSON the document's schemas describe
 * ({@code Body}, {@code More}, {@code Post}, {@code Preview}): the fragments hold the shapes the fake t.me's channel
 * pages do not (polls, voice, stickers, locations, round videos, service messages, replies, forwards), and a
 * constructed post holds those no recording has (an inline keyboard, an emoji reaction, an unsupported block, a
 * webm sticker, a {@code pre} with its language).
 */
class RecordedAnswersSchemaTest extends WrittenDocumentTestBase {

    private static ApiContract contract;

    /** Runs after {@link #readDocument()}: JUnit calls a superclass's {@code @BeforeAll} methods first. */
    @BeforeAll
    static void loadContract() {
        contract = ApiContract.of(vertx, document);
    }

    @Test
    void channelPages_andEachOfTheirPosts_areBodiesAndPosts() {
        int pages = 0;
        for (String name : Fixtures.names("s-")) {
            for (ParserMode mode : ParserMode.values()) {
                if (ChannelPageParser.parse(Fixtures.read(name), mode) instanceof Parsed.Ok<ChannelPage> ok) {
                    pages++;
                    contract.validateSchema("Body", json(JsonRender.body(ok.value())), name + " " + mode);
                    for (Post post : ok.value().posts()) {
                        contract.validateSchema("Post", json(JsonRender.post("durov", post)), name + " post " + post.id());
                    }
                }
            }
        }
        assertEquals(8, pages, "the four recorded channel pages, in both modes");
    }

    @Test
    void messageFragments_areMorePages() {
        int fragments = 0;
        for (String name : Stream.of("frag-", "embed-").flatMap(prefix -> Fixtures.names(prefix).stream()).toList()) {
            for (ParserMode mode : ParserMode.values()) {
                if (MoreParser.parse(Fixtures.read(name), mode) instanceof Parsed.Ok<MorePage> ok) {
                    fragments++;
                    contract.validateSchema("More", json(JsonRender.more("durov", ok.value())), name + " " + mode);
                }
            }
        }
        // 53 recordings; 8 of any2feed's hold a part of a message (a preview, a medium, a poll), no message, which
        // the parser answers as an anomaly.
        assertEquals(90, fragments, "45 recorded fragments and embeds, in both modes");
    }

    @Test
    void profileCards_arePreviews() {
        List<String> names = Fixtures.names("preview-");
        assertEquals(List.of("preview-durov-constructed.html"), names);
        for (String name : names) {
            Parsed<ChannelPreview> parsed = PreviewParser.parse(Fixtures.read(name));
            assertInstanceOf(Parsed.Ok.class, parsed, name);
            ChannelPreview preview = ((Parsed.Ok<ChannelPreview>) parsed).value();
            contract.validateSchema("Preview", json(JsonRender.preview("durov", preview)), name);
        }
    }

    @Test
    void shapesNoRecordingHas_arePosts() {
        Text text = new Text("print(1) 😀", "<pre class=\"language-python\">print(1)</pre> …", List.of(
                new Entity(EntityType.PRE, 0, 8, null, "python", null),
                new Entity(EntityType.CUSTOM_EMOJI, 9, 2, "https://t.me/i/emoji/1.webp", null, "5368324170671202286")));
        Content content = new Content(text,
                List.of(new Media.Unsupported("https://t.me/durov/489"),
                        new Media.Sticker(Media.Sticker.Format.WEBM, "https://x.org/s.webm", "https://x.org/s.webp")),
                null,
                List.of(new InlineButton("Open", "https://example.com/"), new InlineButton("Chat", "tg://resolve?x")),
                null, null,
                List.of(new Reaction.Emoji("👍", "https://telegram.org/img/emoji/40/F09F918D.png", "12K"),
                        new Reaction.CustomEmoji("5368324170671202286", null, null, "3"), new Reaction.Paid("7")),
                null);
        contract.validateSchema("Post", json(JsonRender.post("durov", new Post(9, "token", content, Footer.EMPTY, null))),
                "a constructed post");
    }

    private static Object json(byte[] bytes) {
        return io.vertx.core.json.Json.decodeValue(io.vertx.core.buffer.Buffer.buffer(bytes));
    }
}
