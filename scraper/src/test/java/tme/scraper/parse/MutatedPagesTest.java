package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInfo;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Content;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.model.Text;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.fuzz.ModelInvariants;
import tme.scraper.testing.fuzz.SeededCases;

/**
 * Over recorded pages mutated at random (elements removed, duplicated, moved or given another block's classes,
 * attributes dropped or set to hostile values, texts swapped for hostile unicode or wrapped in t.me's markup and in
 * script links, the HTML cut anywhere), every
 * parser answers without throwing, every model it gives satisfies {@link ModelInvariants} (entities inside
 * their text in UTF-16 units and shaped as their type says, no lone surrogate, media URLs absolute), and simplified
 * mode gives the posts of full mode cut down. Each property runs every parser on the page, whatever the page's
 * kind, since t.me may answer any page on any route.
 *
 * <p>Each property is a {@link SeededCases} factory: a bounded number of cases, so the three take a few seconds,
 * drawn from a fixed base seed, so a run is the same everywhere. A failing case is reported with its seed, fixture,
 * mutations and cut, and the command that replays it alone ({@code -Dfuzz.seed=<seed>}); nothing is shrunk. To
 * explore, raise the cases or change the base seeds locally.
 */
class MutatedPagesTest {

    @TestFactory
    Stream<DynamicTest> channelPages_everyParserAnswersAndEveryModelIsSound(TestInfo suite) {
        return SeededCases.of(suite, 110601, 30, Fixtures.names("s-"), page -> assertEveryParserSound(page.html()));
    }

    /** "More" answers are message fragments; the embed widget is one message too. */
    @TestFactory
    Stream<DynamicTest> messageFragments_everyParserAnswersAndEveryModelIsSound(TestInfo suite) {
        return SeededCases.of(suite, 110602, 200, Fixtures.names("frag-", "embed-"),
                page -> assertEveryParserSound(page.html()));
    }

    @TestFactory
    Stream<DynamicTest> profilePages_everyParserAnswersAndEveryModelIsSound(TestInfo suite) {
        return SeededCases.of(suite, 110603, 80, Fixtures.names("preview-", "notfound-"),
                page -> assertEveryParserSound(page.html()));
    }

    /** Every parser, both modes: each must answer, and every answer must be sound. */
    static void assertEveryParserSound(String html) {
        Parsed<ChannelPage> page = ChannelPageParser.parse(html, ParserMode.FULL);
        Parsed<MorePage> more = MoreParser.parse(html, ParserMode.FULL);
        for (Parsed<?> answer : List.of(page, more, PreviewParser.parse(html))) {
            assertEquals(List.of(), ModelInvariants.violations(answer));
        }
        assertSimplifiedIsFullCutDown(page, ChannelPageParser.parse(html, ParserMode.SIMPLIFIED));
        assertSimplifiedIsFullCutDown(more, MoreParser.parse(html, ParserMode.SIMPLIFIED));
    }

    /**
     * Simplified mode reads the same page into the same posts, only without entities, polls, replies, link
     * previews, reactions and service messages (so a part that fails only in full mode shows up here too).
     */
    private static void assertSimplifiedIsFullCutDown(Parsed<?> full, Parsed<?> simplified) {
        assertEquals(full.getClass(), simplified.getClass());
        if (full instanceof Parsed.Ok<?> fullOk && simplified instanceof Parsed.Ok<?> simplifiedOk) {
            assertEquals(posts(fullOk.value()).stream().map(MutatedPagesTest::cutDown).toList(),
                    posts(simplifiedOk.value()));
        }
    }

    private static List<Post> posts(Object value) {
        return switch (value) {
            case ChannelPage page -> page.posts();
            case MorePage more -> more.posts();
            default -> List.of();
        };
    }

    private static Post cutDown(Post post) {
        Content content = post.content();
        Text text = content.text() == null ? null : new Text(content.text().string(), content.text().html(), List.of());
        return new Post(post.id(), post.view(),
                new Content(text, content.media(), null, content.inline(), null, null, List.of(), null),
                post.footer(), post.forwarded());
    }
}
