package tme.scraper.parse;

import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;

/**
 * Makes every text and attribute value of a parsed page well-formed UTF-16: a lone surrogate becomes U+FFFD,
 * as the HTML standard does for a character reference to a surrogate ({@code &#xD83C;}). jsoup decodes such a
 * reference as it is, and a Java string handed to the parser may hold one too (one decoded from UTF-8 never
 * does). A lone surrogate has no UTF-8 form: a JSON writer must escape it, and Jackson 2.18's surrogate
 * combining merges it with the next character instead, so it must not reach the model.
 */
final class WellFormed {

    private static final char REPLACEMENT = '\uFFFD';

    private WellFormed() {}

    /** Fixes the document in place; pages without a lone surrogate (all real ones) are only read. */
    static void fix(Document doc) {
        doc.forEachNode(node -> {
            if (node instanceof TextNode text && hasLoneSurrogate(text.getWholeText())) {
                text.text(fix(text.getWholeText()));
            } else if (node instanceof Element element) {
                for (Attribute attribute : element.attributes()) {
                    if (hasLoneSurrogate(attribute.getValue())) {
                        attribute.setValue(fix(attribute.getValue()));
                    }
                }
            }
        });
    }

    /** {@code s} itself when it is well-formed, else a copy with each lone surrogate replaced. */
    static String fix(String s) {
        int bad = firstLoneSurrogate(s, 0);
        if (bad < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s);
        while (bad >= 0) {
            out.setCharAt(bad, REPLACEMENT);
            bad = firstLoneSurrogate(s, bad + 1);
        }
        return out.toString();
    }

    static boolean hasLoneSurrogate(CharSequence s) {
        return firstLoneSurrogate(s, 0) >= 0;
    }

    /** The index of the first surrogate at or after {@code from} that is not half of a pair, or -1. */
    static int firstLoneSurrogate(CharSequence s, int from) {
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
