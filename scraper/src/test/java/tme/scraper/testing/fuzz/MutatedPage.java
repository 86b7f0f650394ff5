package tme.scraper.testing.fuzz;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import tme.scraper.testing.Fixtures;

/**
 * A recorded page ({@code fixture}, a file of {@code tme/}) with {@code mutations} applied to its DOM in order,
 * serialized, and cut to the first {@code cut} fraction of its characters when {@code cut} is not null (a cut
 * may split a surrogate pair or a tag). {@link #describe()} names everything needed to rebuild the page.
 */
public record MutatedPage(String fixture, List<PageMutation> mutations, Double cut) {

    private static final Map<String, String> RECORDED = new ConcurrentHashMap<>();

    public MutatedPage {
        mutations = List.copyOf(mutations);
    }

    /** The HTML a parser gets. */
    public String html() {
        Document page = Jsoup.parse(RECORDED.computeIfAbsent(fixture, Fixtures::read));
        page.outputSettings().prettyPrint(false);
        for (PageMutation mutation : mutations) {
            mutation.apply(page);
        }
        String html = page.outerHtml();
        return cut == null ? html : html.substring(0, (int) (cut * html.length()));
    }

    /**
     * The fixture, one mutation a line and the cut, for a failure report. Characters a console would hide, drop
     * or act on (controls, joiners, direction marks, line separators, half a surrogate pair) are written as Java
     * escapes (a backslash, {@code u} and four hex digits), so the report reads as the page was built.
     */
    public String describe() {
        StringBuilder out = new StringBuilder("fixture ").append(fixture).append('\n');
        for (PageMutation mutation : mutations) {
            out.append("  ").append(visible(mutation.toString())).append('\n');
        }
        return out.append("cut ").append(cut == null ? "none" : cut).toString();
    }

    private static String visible(String string) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < string.length(); i++) {
            char c = string.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < string.length()
                    && Character.isLowSurrogate(string.charAt(i + 1));
            if (pair) {
                out.append(c).append(string.charAt(++i));
            } else if (hidden(c)) {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean hidden(char c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || Character.isSurrogate(c) || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
    }
}
