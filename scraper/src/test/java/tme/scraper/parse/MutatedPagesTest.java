package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Content;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.model.Text;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.fuzz.ModelInvariants;
import tme.scraper.testing.fuzz.MutatedPage;
import tme.scraper.testing.fuzz.PageMutations;

/**
 * Over recorded pages mutated at random (elements removed, duplicated, moved or given another block's classes,
 * attributes dropped or set to hostile values, texts swapped for hostile unicode or wrapped in t.me's markup and in
 * script links, the HTML cut anywhere), every
 * parser answers without throwing, every model it gives satisfies {@link ModelInvariants} (entities inside
 * their text in UTF-16 units and shaped as their type says, no lone surrogate, media URLs absolute), and simplified
 * mode gives the posts of full mode cut down. Each property runs every parser on the page, whatever the page's
 * kind, since t.me may answer any page on any route.
 *
 * <p>Tries are bounded so the three properties take a few seconds, and seeds are fixed so a run is the same
 * everywhere: a failure reproduces by running the test again. jqwik reports the seed and the failing page
 * shrunk to its fewest mutations ({@link MutatedPage} names the fixture, the mutations and the cut). To explore,
 * raise the tries and drop the seeds locally.
 */
class MutatedPagesTest {

    @Property(tries = 30, seed = "110601")
    void channelPages_everyParserAnswersAndEveryModelIsSound(@ForAll("channelPages") MutatedPage page) {
        assertEveryParserSound(page.html());
    }

    @Property(tries = 200, seed = "110602")
    void messageFragments_everyParserAnswersAndEveryModelIsSound(@ForAll("fragments") MutatedPage page) {
        assertEveryParserSound(page.html());
    }

    @Property(tries = 80, seed = "110603")
    void profilePages_everyParserAnswersAndEveryModelIsSound(@ForAll("profiles") MutatedPage page) {
        assertEveryParserSound(page.html());
    }

    @Provide
    Arbitrary<MutatedPage> channelPages() {
        return PageMutations.pages(Fixtures.names("s-"));
    }

    /** "More" answers are message fragments; the embed widget is one message too. */
    @Provide
    Arbitrary<MutatedPage> fragments() {
        return PageMutations.pages(Stream.of("frag-", "embed-").flatMap(p -> Fixtures.names(p).stream()).toList());
    }

    @Provide
    Arbitrary<MutatedPage> profiles() {
        return PageMutations.pages(Stream.of("preview-", "notfound-").flatMap(p -> Fixtures.names(p).stream()).toList());
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
