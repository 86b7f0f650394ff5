package tme.scraper.parse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;

/** Small DOM helpers shared by the page parsers: parsing, trimmed texts, URLs in attributes and styles. */
final class Dom {

    // Every selector of Selectors, parsed once: jsoup parses a query given as a string at every call (a parser, a
    // reader and the evaluators each time), ~150 KB of the 1.3 MB a parse of the recorded durov page allocated. Never
    // cleared: only Selectors' constants are asked for, so it holds a few dozen.
    private static final ConcurrentHashMap<String, Evaluator> QUERIES = new ConcurrentHashMap<>();

    private Dom() {}

    /**
     * {@code css} (one of {@link Selectors}' queries) compiled once and kept: by {@link SimpleQuery} where it can, else
     * by jsoup; neither's evaluators hold state between selects that another thread could see, so every thread
     * shares one.
     */
    static Evaluator query(String css) {
        Evaluator parsed = QUERIES.get(css);
        return parsed != null ? parsed : QUERIES.computeIfAbsent(css, Dom::compile);
    }

    private static Evaluator compile(String css) {
        Evaluator simple = SimpleQuery.compile(css);
        return simple != null ? simple : QueryParser.parse(css);
    }

    /**
     * Parses a page or fragment without its drawings ({@link Decorations}); inner HTML is then serialized as t.me sent
     * it (no pretty-printing), and every text and attribute is well-formed UTF-16 ({@link WellFormed}).
     */
    static Document parse(String html) {
        return prepared(Jsoup.parse(Decorations.without(html)));
    }

    /** As {@link #parse(String)}, from UTF-8 bytes decoded as they are read, drawings already left out ({@link Html}). */
    static Document parse(InputStream utf8) {
        try {
            return prepared(Jsoup.parse(utf8, "UTF-8", ""));
        } catch (IOException e) {
            throw new UncheckedIOException("an in-memory page could not be read", e); // bytes in memory: never
        }
    }

    private static Document prepared(Document doc) {
        doc.outputSettings().prettyPrint(false);
        WellFormed.fix(doc);
        return doc;
    }

    /** The trimmed text of the first match under {@code scope}, or null if there is none or it is blank. */
    static String text(Element scope, String selector) {
        Element found = scope.selectFirst(query(selector));
        return found == null ? null : blankToNull(found.text());
    }

    /** The first match of the first selector that matches anything under {@code scope}, or null. */
    static Element first(Element scope, String... selectorsInPreferenceOrder) {
        for (String selector : selectorsInPreferenceOrder) {
            Element found = scope.selectFirst(query(selector));
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    static String blankToNull(String value) {
        if (value == null) {
            return null;
        }
        String trimmed = value.strip();
        return trimmed.isEmpty() ? null : trimmed;
    }

    /** The trailing post id of a t.me link such as {@code https://t.me/durov/481?single}, or null. */
    static Integer trailingId(String href) {
        String path = href == null ? "" : href.replaceFirst("[?#].*$", "");
        int slash = path.lastIndexOf('/');
        return slash < 0 ? null : positiveInt(path.substring(slash + 1));
    }

    /** A positive int of plain digits, or null. */
    static Integer positiveInt(String digits) {
        if (digits == null || digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
            return null;
        }
        int value = Integer.parseInt(digits);
        return value > 0 ? value : null;
    }
}
