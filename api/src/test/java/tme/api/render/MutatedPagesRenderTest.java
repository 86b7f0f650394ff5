package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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
import tme.scraper.testing.fuzz.MutatedPage;
import tme.scraper.testing.fuzz.PageMutations;

/**
 * Over the mutated recorded pages of the parser properties ({@code MutatedPagesTest} in the scraper), every
 * answer a parser gives renders: body, more, each post and preview come out as UTF-8 JSON that reads back, keeps
 * {@link WireChecks}' rules, and carries each post's text, html and entities as parsed. Tries are bounded and
 * seeds fixed, as in the parser properties; jqwik reports the seed and the shrunk page on a failure.
 */
class MutatedPagesRenderTest {

    @Property(tries = 15, seed = "110611")
    void channelPages_everyAnswerRendersAndReadsBack(@ForAll("channelPages") MutatedPage page) {
        assertEveryAnswerRenders(page.html());
    }

    @Property(tries = 120, seed = "110612")
    void messageFragments_everyAnswerRendersAndReadsBack(@ForAll("fragments") MutatedPage page) {
        assertEveryAnswerRenders(page.html());
    }

    @Property(tries = 50, seed = "110613")
    void profilePages_everyAnswerRendersAndReadsBack(@ForAll("profiles") MutatedPage page) {
        assertEveryAnswerRenders(page.html());
    }

    @Provide
    Arbitrary<MutatedPage> channelPages() {
        return PageMutations.pages(Fixtures.names("s-"));
    }

    @Provide
    Arbitrary<MutatedPage> fragments() {
        return PageMutations.pages(Stream.of("frag-", "embed-").flatMap(p -> Fixtures.names(p).stream()).toList());
    }

    @Provide
    Arbitrary<MutatedPage> profiles() {
        return PageMutations.pages(Stream.of("preview-", "notfound-").flatMap(p -> Fixtures.names(p).stream()).toList());
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
                            new JsonArray().add(WireChecks.readBack(JsonRender.post(post), violations)), violations);
                }
            }
            if (MoreParser.parse(html, mode) instanceof Parsed.Ok<MorePage> ok) {
                JsonObject more = WireChecks.readBack(JsonRender.more(ok.value()), violations);
                assertPostsReadBack(ok.value().posts(), more.getJsonArray("posts"), violations);
            }
        }
        if (PreviewParser.parse(html) instanceof Parsed.Ok<ChannelPreview> ok) {
            WireChecks.readBack(JsonRender.preview(ok.value()), violations);
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
