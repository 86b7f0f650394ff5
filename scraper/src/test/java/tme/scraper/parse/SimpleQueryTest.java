package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tme.scraper.testing.Fixtures;

/** The simple queries select what jsoup selects for them, element for element, on every recorded page. */
class SimpleQueryTest {

    static List<String> fixtures() throws IOException, URISyntaxException {
        return AllFixturesTest.fixtures();
    }

    /** Every String constant of Selectors: queries, and a few class or attribute names (compared all the same). */
    static List<String> selectors() throws IllegalAccessException {
        List<String> all = new ArrayList<>();
        for (Field field : Selectors.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                field.setAccessible(true);
                all.add((String) field.get(null));
            }
        }
        return all;
    }

    /** The constants jsoup takes as queries. */
    static List<String> queries() throws IllegalAccessException {
        List<String> all = new ArrayList<>();
        for (String css : selectors()) {
            try {
                QueryParser.parse(css);
                all.add(css);
            } catch (Selector.SelectorParseException notAQuery) {
                assertNull(SimpleQuery.compile(css), css);
            }
        }
        return all;
    }

    @Test
    void mostQueries_compile_andTheOthersAreJsoups() throws IllegalAccessException {
        List<String> compiled = selectors().stream().filter(css -> SimpleQuery.compile(css) != null).toList();

        assertTrue(compiled.size() >= 85, compiled.size() + " of " + selectors().size());
        assertTrue(compiled.contains(".tgme_widget_message_reactions .tgme_reaction"));
        assertTrue(compiled.contains(".tgme_widget_message_metatext, .tgme_widget_message_text"));
        assertNull(SimpleQuery.compile("meta[property=og:image]"));
        assertNull(SimpleQuery.compile("body *:not(script):not(style):not(noscript):not(br)"));
        assertNull(SimpleQuery.compile("a.tgme_page_context_link[href*=/s/]"));
        assertNull(SimpleQuery.compile("> a"));
        assertNull(SimpleQuery.compile("a >"));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyCompiledQuery_selectsAsJsoup_fromThePage_andFromEachPost(String name)
            throws IllegalAccessException {
        Document page = Jsoup.parse(Fixtures.read(name));
        List<Element> posts = page.select(".tgme_widget_message, .tgme_widget_message_wrap");
        int compared = 0;
        for (String css : queries()) {
            Evaluator simple = SimpleQuery.compile(css);
            if (simple == null) {
                continue;
            }
            Evaluator jsoups = QueryParser.parse(css);
            assertEquals(page.select(jsoups), page.select(simple), name + ": " + css);
            for (Element post : posts) {
                assertEquals(post.select(jsoups), post.select(simple), name + " post: " + css);
                assertEquals(post.selectFirst(jsoups), post.selectFirst(simple), name + " first: " + css);
            }
            compared++;
        }
        assertTrue(compared >= 85, compared + " queries compared");
    }

    @Test
    void chains_backtrack_overAncestors_andStopAtTheRoot() {
        Document doc = Jsoup.parse("<div class='a'><div class='b'><div class='x'><p class='b'><i id='i'>"
                + "</i></p></div></div></div>");
        Element i = doc.getElementById("i");
        Element p = i.parent();
        Element x = p.parent();

        assertEquals(List.of(i), doc.select(SimpleQuery.compile(".a > .b i")),
                "the nearest .b is no child of .a: the .b above it is");
        assertEquals(List.of(i), p.select(SimpleQuery.compile(".b i")), "the root itself may be the ancestor");
        assertEquals(List.of(), x.select(SimpleQuery.compile(".a .b i")), "nothing above the root counts");
        assertEquals(List.of(i), doc.select(SimpleQuery.compile("div.x > p.b > i[id]")));
        assertEquals(List.of(), doc.select(SimpleQuery.compile("div.x > i")));
        for (String css : List.of(".a > .b i", ".a .b i", "div.x > p.b > i[id]", ".b i", ".x > .b")) {
            for (Element root : List.of(doc, x, p)) {
                assertEquals(root.select(QueryParser.parse(css)), root.select(SimpleQuery.compile(css)), css);
            }
        }
    }

    @Test
    void aClassName_isAWholeWord_inItsOwnCase() {
        assertTrue(SimpleQuery.hasClass("tgme_widget_message js-widget_message", "tgme_widget_message"));
        assertTrue(SimpleQuery.hasClass("js-widget_message\ttgme_widget_message", "tgme_widget_message"));
        assertTrue(SimpleQuery.hasClass("x tgme_widget_message_text tgme_widget_message", "tgme_widget_message"));
        assertFalse(SimpleQuery.hasClass("tgme_widget_message_wrap", "tgme_widget_message"));
        assertFalse(SimpleQuery.hasClass("my-tgme_widget_message", "tgme_widget_message"));
        assertFalse(SimpleQuery.hasClass("", "tgme_widget_message"));
        assertFalse(SimpleQuery.hasClass("TGME_WIDGET_MESSAGE", "tgme_widget_message"), "jsoup would say yes");
    }
}
