package tme.scraper.parse;

import java.util.List;
import org.jsoup.nodes.Element;
import tme.scraper.model.Rich;
import tme.scraper.model.Text;

/** Text and entities of one text node. (Placeholder: the text task implements the DOM walk.) */
final class TextParser {

    private TextParser() {}

    /** The node's text; entities only when {@code withEntities}. */
    static Text text(Element node, boolean withEntities) {
        Rich rich = rich(node);
        return new Text(rich.string(), rich.html(), List.of());
    }

    /** Plain string (DOM text, {@code <br>} as newline) and inner HTML of a node. */
    static Rich rich(Element node) {
        return new Rich(node.wholeText(), node.html());
    }
}
