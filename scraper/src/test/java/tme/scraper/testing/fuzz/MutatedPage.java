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
 * may split a surrogate pair or a tag). jqwik prints this record when a property fails: with the fixed seed it
 * names everything needed to rebuild the page.
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
}
