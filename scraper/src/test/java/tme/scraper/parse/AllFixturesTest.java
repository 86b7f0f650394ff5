package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tme.scraper.testing.Fixtures;

/** Every recorded page goes through every parser in both modes without an exception. */
class AllFixturesTest {

    static List<String> fixtures() throws IOException, URISyntaxException {
        Path dir = Path.of(AllFixturesTest.class.getResource("/tme/SOURCES.md").toURI()).getParent();
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(".html")).sorted().toList();
            assertTrue(names.size() >= 59, "expected all recorded pages, found " + names.size());
            return names;
        }
    }

    static List<String> fullPages() throws IOException, URISyntaxException {
        return fixtures().stream().filter(name -> name.startsWith("s-")).toList();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyParserAcceptsEveryFixture(String name) {
        String html = Fixtures.read(name);
        for (ParserMode mode : ParserMode.values()) {
            assertNotNull(ChannelPageParser.parse(html, mode));
            assertNotNull(MoreParser.parse(html, mode));
        }
        assertNotNull(PreviewParser.parse(html));
    }

    @ParameterizedTest
    @MethodSource("fullPages")
    void fullPages_haveNoOddPosts(String name) {
        for (ParserMode mode : ParserMode.values()) {
            Parsed.Ok<?> ok = assertInstanceOf(Parsed.Ok.class,
                    ChannelPageParser.parse(Fixtures.read(name), mode));
            assertEquals(0, ok.oddPosts(), name + " in " + mode);
        }
    }
}
