package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;

/**
 * Most of {@link Selectors}' queries compiled to evaluators cheaper than jsoup's for the same query. They are
 * chains of tags, classes and attribute names joined by descendant and child combinators, and lists of such chains;
 * selecting them was the larger half of a page's parse: jsoup tests a class by walking the whole {@code class}
 * attribute a character at a time ({@code Character.isWhitespace} alone took an eighth of a parse's samples), and
 * remembers each descendant test in a weak hash map per element. Here a class is found with {@link String#indexOf}
 * and checked at its edges, and a chain is matched right to left walking up the parents, with no memory. Anything
 * else (pseudo-classes, attribute values, {@code *}) is left to jsoup: {@link #compile} answers null.
 *
 * <p>Matches what jsoup matches, element for element, on every recorded page ({@code SimpleQueryTest}), with one
 * difference by design: a class name matches in its own case only, as HTML says for pages in standards mode (t.me's
 * pages declare {@code <!DOCTYPE html>}); jsoup also ignores case.
 */
final class SimpleQuery {

    // A compound: an optional tag, then classes and attribute names, e.g. "img.tgme_page_photo_image[src]".
    private static final String TAG = "[A-Za-z][A-Za-z0-9-]*";
    private static final String NAME = "[_A-Za-z][A-Za-z0-9_-]*";
    private static final Pattern COMPOUND = Pattern.compile("(" + TAG + ")?((?:\\." + NAME + ")*)((?:\\[" + NAME
            + "])*)");
    private static final Pattern PART = Pattern.compile("[.\\[](" + NAME + ")");

    private SimpleQuery() {}

    /** The evaluator of {@code css}, or null when it is not a list of simple chains (jsoup's own then). */
    static Evaluator compile(String css) {
        List<Chain> chains = new ArrayList<>();
        for (String alternative : css.split(",", -1)) {
            Chain chain = chain(alternative.strip());
            if (chain == null) {
                return null;
            }
            chains.add(chain);
        }
        return chains.size() == 1 ? chains.getFirst() : new AnyOf(chains);
    }

    private static Chain chain(String css) {
        String[] tokens = css.replace(">", " > ").strip().split("\\s+");
        List<Compound> compounds = new ArrayList<>();
        List<Boolean> childOf = new ArrayList<>(); // childOf.get(i): compound i+1 is a child, not any descendant, of i
        boolean child = false;
        for (String token : tokens) {
            if (token.equals(">")) {
                if (compounds.isEmpty() || child) {
                    return null;
                }
                child = true;
                continue;
            }
            Compound compound = compound(token);
            if (compound == null) {
                return null;
            }
            if (!compounds.isEmpty()) {
                childOf.add(child);
            }
            compounds.add(compound);
            child = false;
        }
        if (compounds.isEmpty() || child) {
            return null;
        }
        boolean[] children = new boolean[childOf.size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = childOf.get(i);
        }
        return new Chain(compounds.toArray(Compound[]::new), children, css);
    }

    private static Compound compound(String token) {
        Matcher whole = COMPOUND.matcher(token);
        if (token.isEmpty() || !whole.matches()) {
            return null;
        }
        List<String> classes = new ArrayList<>();
        List<String> attributes = new ArrayList<>();
        Matcher part = PART.matcher(token);
        while (part.find()) {
            (token.charAt(part.start()) == '.' ? classes : attributes).add(part.group(1));
        }
        String tag = whole.group(1);
        return new Compound(tag == null ? null : tag.toLowerCase(), classes.toArray(String[]::new),
                attributes.stream().map(String::toLowerCase).toArray(String[]::new));
    }

    /** One element's test: its tag, each class, each attribute present. */
    private record Compound(String tag, String[] classes, String[] attributes) {

        boolean matches(Element element) {
            if (tag != null && !element.nameIs(tag)) {
                return false;
            }
            if (classes.length > 0) {
                String names = element.attr("class"); // "" without attributes, and none made
                for (String name : classes) {
                    if (!hasClass(names, name)) {
                        return false;
                    }
                }
            }
            for (String attribute : attributes) {
                if (!element.hasAttr(attribute)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Whether the space-separated {@code names} hold {@code name}, found by {@link String#indexOf}. */
    static boolean hasClass(String names, String name) {
        for (int at = names.indexOf(name); at >= 0; at = names.indexOf(name, at + 1)) {
            int end = at + name.length();
            if ((at == 0 || isSpace(names.charAt(at - 1))) && (end == names.length() || isSpace(names.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    // Whitespace as jsoup splits class names (Character.isWhitespace), for the characters a page may hold there.
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b'
                || (c > 127 && Character.isWhitespace(c));
    }

    /**
     * Compounds joined left to right; matched from the right: the element against the last, then up its parents,
     * trying every ancestor for a descendant combinator (so "A B C" finds an A above any B above C, as CSS says).
     * The root never matches a chain of more than one compound.
     */
    private static final class Chain extends Evaluator {
        private final Compound[] compounds;
        private final boolean[] childOf;
        private final String css;

        Chain(Compound[] compounds, boolean[] childOf, String css) {
            this.compounds = compounds;
            this.childOf = childOf;
            this.css = css;
        }

        @Override
        public boolean matches(Element root, Element element) {
            int last = compounds.length - 1;
            if (!compounds[last].matches(element)) {
                return false;
            }
            return leftMatches(root, element, last, true);
        }

        /**
         * Whether compounds before {@code i} match above {@code element}, which matched compound {@code i}, with
         * jsoup's limits: a descendant combinator finds nothing from the root and looks no higher than the root; a
         * run of child combinators starts from below the root, but may then step over it.
         */
        private boolean leftMatches(Element root, Element element, int i, boolean runStartsHere) {
            if (i == 0) {
                return true;
            }
            Compound left = compounds[i - 1];
            if (childOf[i - 1]) {
                Element parent = element.parent();
                return !(runStartsHere && element == root) && parent != null && left.matches(parent)
                        && leftMatches(root, parent, i - 1, false);
            }
            if (element == root) {
                return false;
            }
            for (Element above = element.parent(); above != null; above = above.parent()) {
                if (left.matches(above) && leftMatches(root, above, i - 1, true)) {
                    return true;
                }
                if (above == root) {
                    return false;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return css;
        }
    }

    /** A list of chains: an element matching any. */
    private static final class AnyOf extends Evaluator {
        private final List<Chain> chains;

        AnyOf(List<Chain> chains) {
            this.chains = List.copyOf(chains);
        }

        @Override
        public boolean matches(Element root, Element element) {
            for (Chain chain : chains) {
                if (chain.matches(root, element)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return String.join(", ", chains.stream().map(Chain::toString).toList());
        }
    }
}
