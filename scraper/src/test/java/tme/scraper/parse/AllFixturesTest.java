package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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

    /**
     * Every parser gives every recorded page the outcome its kind calls for: a channel page is a channel page
     * only for {@code s-*}; "Contact" and profile pages are "not found" to the page parser; a profile is read
     * only from {@code preview-*}; message fragments and embeds are anomalies as channel pages but posts as "more".
     */
    @ParameterizedTest
    @MethodSource("fixtures")
    void everyParserGivesEveryFixtureTheOutcomeOfItsKind(String name) {
        String html = Fixtures.read(name);
        for (ParserMode mode : ParserMode.values()) {
            assertEquals(expectedPage(name), kind(ChannelPageParser.parse(html, mode)), name + " page, " + mode);
            assertEquals(expectedMore(name), kind(MoreParser.parse(html, mode)), name + " more, " + mode);
        }
        assertEquals(expectedPreview(name), kind(PreviewParser.parse(html)), name + " preview");
    }

    private static String expectedPage(String name) {
        if (name.startsWith("s-")) {
            return "Ok";
        }
        return name.startsWith("notfound-") || name.startsWith("preview-") ? "NotFound" : "Anomaly";
    }

    /**
     * As a "more" answer: a "Contact" or profile page is "not found"; the any2feed fragments that hold a single
     * media block or card, not a message, carry no message markup and are anomalies; t.me's "No posts found"
     * stub is a valid empty answer.
     */
    private static String expectedMore(String name) {
        if (name.startsWith("notfound-") || name.startsWith("preview-")) {
            return "NotFound";
        }
        boolean mediaBlockOnly = name.startsWith("frag-any2feed-") && !name.startsWith("frag-any2feed-message_");
        return mediaBlockOnly ? "Anomaly" : "Ok";
    }

    private static String expectedPreview(String name) {
        if (name.startsWith("preview-")) {
            return "Ok";
        }
        return name.startsWith("notfound-") ? "NotFound" : "Anomaly";
    }

    private static String kind(Parsed<?> parsed) {
        return parsed.getClass().getSimpleName();
    }

    /**
     * No recorded real answer is an anomaly to the parser that reads that kind of answer: channel pages to the
     * page parser, profile and "Contact" pages to the preview parser, t.me's message fragments to the "more"
     * parser. (The embed widget has no parser; the any2feed media-block cut-outs are not whole answers.)
     */
    @ParameterizedTest
    @MethodSource("fixtures")
    void noRecordedAnswerIsAnAnomalyToItsOwnParser(String name) {
        String html = Fixtures.read(name);
        for (ParserMode mode : ParserMode.values()) {
            if (name.startsWith("s-")) {
                assertNotAnomaly(ChannelPageParser.parse(html, mode), name);
            }
            if (name.startsWith("frag-tchantest-") || name.startsWith("frag-any2feed-message_")) {
                assertNotAnomaly(MoreParser.parse(html, mode), name);
            }
        }
        if (name.startsWith("preview-") || name.startsWith("notfound-")) {
            assertNotAnomaly(PreviewParser.parse(html), name);
            assertNotAnomaly(ChannelPageParser.parse(html, ParserMode.FULL), name);
        }
        if (!name.startsWith("frag-")) {
            assertTrue(html.strip().endsWith("-->") && html.contains("</html>"), name + " is a whole page");
        }
    }

    private static void assertNotAnomaly(Parsed<?> parsed, String name) {
        assertFalse(parsed instanceof Parsed.Anomaly<?>, () -> name + ": " + parsed);
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
