package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInfo;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.model.Text;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.parse.PreviewParser;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.fuzz.SeededCases;

/**
 * Over the mutated recorded pages of the parser properties ({@code MutatedPagesTest} in the scraper), every
 * answer a parser gives renders: body, more, each post and preview come out as UTF-8 JSON that reads back, keeps
 * {@link WireChecks}' rules, and carries each post's text, html and entities as parsed. As in the parser
 * properties, each property is a {@link SeededCases} factory with a bounded number of cases from a fixed base seed;
 * a failing case is reported with its seed, its page and the command that replays it alone
 * ({@code -Dfuzz.seed=<seed>}), and nothing is shrunk.
 */
class MutatedPagesRenderTest {

    @TestFactory
    Stream<DynamicTest> channelPages_everyAnswerRendersAndReadsBack(TestInfo suite) {
        return SeededCases.of(suite, 110611, 15, Fixtures.names("s-"), page -> assertEveryAnswerRenders(page.html()));
    }

    @TestFactory
    Stream<DynamicTest> messageFragments_everyAnswerRendersAndReadsBack(TestInfo suite) {
        return SeededCases.of(suite, 110612, 120, Fixtures.names("frag-", "embed-"),
                page -> assertEveryAnswerRenders(page.html()));
    }

    @TestFactory
    Stream<DynamicTest> profilePages_everyAnswerRendersAndReadsBack(TestInfo suite) {
        return SeededCases.of(suite, 110613, 50, Fixtures.names("preview-", "notfound-"),
                page -> assertEveryAnswerRenders(page.html()));
    }

    private static void assertEveryAnswerRenders(String html) {
        List<String> violations = new ArrayList<>();
        for (ParserMode mode : ParserMode.values()) {
            if (ChannelPageParser.parse(html, mode) instanceof Parsed.Ok<ChannelPage> ok) {
                JsonObject body = WireChecks.readBack(JsonRender.body(ok.value()), violations);
                assertPostsReadBack(ok.value().posts(), body.getJsonObject("content").getJsonArray("posts"), violations);
                // /v1/post answers one post of such a page; the simplified posts are the full ones cut down.
                for (Post post : mode == ParserMode.FULL ? ok.value().posts() : List.<Post>of()) {
                    assertPostsReadBack(List.of(post),
                            new JsonArray().add(WireChecks.readBack(JsonRender.post("durov", post), violations)), violations);
                }
            }
            if (MoreParser.parse(html, mode) instanceof Parsed.Ok<MorePage> ok) {
                JsonObject more = WireChecks.readBack(JsonRender.more("durov", ok.value()), violations);
                assertPostsReadBack(ok.value().posts(), more.getJsonArray("posts"), violations);
            }
        }
        if (PreviewParser.parse(html) instanceof Parsed.Ok<ChannelPreview> ok) {
            WireChecks.readBack(JsonRender.preview("durov", ok.value()), violations);
        }
        assertEquals(List.of(), violations);
    }

    /** Each post's text as the model has it: string, html and every entity's offset, length and type. */
    private static void assertPostsReadBack(List<Post> posts, JsonArray rendered, List<String> violations) {
        if (rendered == null || rendered.size() != posts.size()) {
            violations.add("rendered " + (rendered == null ? "no" : rendered.size()) + " of " + posts.size() + " posts");
            return;
        }
        for (int i = 0; i < posts.size(); i++) {
            JsonObject json = rendered.getJsonObject(i);
            Text text = posts.get(i).content().text();
            JsonObject renderedText = json.getJsonObject("content").getJsonObject("text");
            String expected = text == null ? null : text.string() + "|" + text.html() + "|" + entities(text);
            String actual = renderedText == null ? null : renderedText.getString("string") + "|"
                    + renderedText.getString("html") + "|" + entities(renderedText.getJsonArray("entities"));
            if (!Objects.equals(expected, actual)) {
                violations.add("post " + json.getInteger("id") + ": text " + actual + ", parsed as " + expected);
            }
        }
    }

    private static String entities(Text text) {
        return text.entities().stream().map(e -> e.offset() + "+" + e.length() + " " + e.type().wireName()).toList()
                .toString();
    }

    private static String entities(JsonArray entities) {
        List<String> shown = new ArrayList<>();
        for (int i = 0; entities != null && i < entities.size(); i++) {
            JsonObject e = entities.getJsonObject(i);
            shown.add(e.getInteger("offset") + "+" + e.getInteger("length") + " " + e.getString("type"));
        }
        return shown.toString();
    }
}
