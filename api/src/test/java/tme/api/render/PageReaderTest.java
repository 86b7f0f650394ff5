package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Media;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.MoreParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

/**
 * {@link PageReader} is the exact inverse of {@link JsonRender#body}: over every recorded page, in both parser
 * modes, {@code render(read(render(page)))} is byte-equal to {@code render(page)}, and reading gives the model back.
 * The single-message fragments (every media kind, polls, replies, service messages, reactions) are read as the
 * posts of a page with durov's header, so every part the writer knows goes through the reader.
 */
class PageReaderTest {

    static final ChannelPage DUROV = page(Fixtures.read("s-durov-2026-05-hortay.html"), ParserMode.FULL);

    static Stream<Arguments> recordedPages() {
        List<Arguments> all = new ArrayList<>();
        for (ParserMode mode : ParserMode.values()) {
            for (String name : Fixtures.names("s-")) {
                all.add(Arguments.of(name, mode, page(Fixtures.read(name), mode)));
            }
            List<Post> fragmentPosts = new ArrayList<>();
            for (String name : Stream.of("frag-", "embed-").flatMap(p -> Fixtures.names(p).stream()).toList()) {
                if (MoreParser.parse(Fixtures.read(name), mode) instanceof Parsed.Ok<MorePage> ok) {
                    fragmentPosts.addAll(ok.value().posts());
                    all.add(Arguments.of(name, mode, new ChannelPage(DUROV.channel(), ok.value().posts(), ok.value().offset())));
                }
            }
            all.add(Arguments.of("every fragment's posts", mode,
                    new ChannelPage(DUROV.channel(), fragmentPosts, DUROV.offset())));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("recordedPages")
    void renderReadRender_isByteEqual_andReadsTheModelBack(String fixture, ParserMode mode, ChannelPage page) {
        byte[] rendered = JsonRender.body(page);

        ChannelPage read = PageReader.body(rendered);

        assertArrayEquals(rendered, JsonRender.body(read), () -> fixture + ": rendered again, the bytes differ:\n"
                + new String(JsonRender.body(read), StandardCharsets.UTF_8));
        assertEquals(page, read, fixture + ": the model read back");
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("recordedPages")
    void aPageReadFromItsDecodedCopy_isThePageReadFromItsBytes(String fixture, ParserMode mode, ChannelPage page) {
        byte[] rendered = JsonRender.body(page);

        ChannelPage fromTree = PageReader.body(StoredJson.decode(rendered));

        assertEquals(PageReader.body(rendered), fromTree, fixture + ": the model read from the decoded copy");
        assertArrayEquals(rendered, JsonRender.body(fromTree), fixture + ": rendered again from the decoded copy");
    }

    @Test
    void theFragmentsCoverEveryMediaKind_soTheReaderMeetsEachOne() {
        Set<String> kinds = recordedPages()
                .flatMap(arguments -> ((ChannelPage) arguments.get()[2]).posts().stream())
                .flatMap(post -> post.content().media().stream())
                .map(Media::getClass).map(Class::getSimpleName).collect(Collectors.toSet());
        assertEquals(Set.of("Photo", "Video", "Gif", "RoundVideo", "Voice", "Audio", "Document", "Sticker", "Location"),
                kinds.stream().filter(kind -> !kind.equals("Unsupported")).collect(Collectors.toSet()));
    }

    @Test
    void viewsCount_isWrittenBesideViews_andNotNeededToReadBack() {
        byte[] rendered = JsonRender.body(DUROV);
        String json = new String(rendered, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"views\":\"2.19M\",\"views_count\":2190000,"), "footer of post 481");
        assertEquals(DUROV.posts(), PageReader.body(rendered).posts());
    }

    private static ChannelPage page(String html, ParserMode mode) {
        return ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(html, mode)).value();
    }
}
