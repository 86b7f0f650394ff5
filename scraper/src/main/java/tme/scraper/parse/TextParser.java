package tme.scraper.parse;

import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import tme.scraper.model.Rich;
import tme.scraper.model.Text;

/**
 * Text and entities of one text node (a post's text, a caption, a title, a description). The caller
 * picks the node (for a reply, the post's own text, never the quote). {@code string} and entities come
 * from one DOM walk ({@link EntityWalker}); {@code html} is the node's DOM inner HTML, serialized without
 * pretty-printing so it stays what t.me sent (modulo jsoup's escaping). A null node gives null, and so does a
 * post text or an optional part that shows no text ({@link #text}, {@link #shown}): an empty text is no text,
 * and the answer leaves it out.
 */
final class TextParser {

    /** How many identical text divs t.me may nest; album captions nest two. */
    private static final int MAX_NESTED_TEXT = 4;

    private TextParser() {}

    /** The node's text, or null when it shows none; entities only {@code withEntities} (simplified mode has none). */
    static Text text(Element node, boolean withEntities) {
        if (node == null) {
            return null;
        }
        Element own = innermost(node);
        EntityWalker.Walked walked = EntityWalker.walk(own, withEntities);
        if (walked.string().isEmpty()) {
            return null;
        }
        return new Text(walked.string(), innerHtml(own), withEntities ? walked.entities() : List.of());
    }

    /** The node's {@link #rich} for an optional part (a title, a name, a quote), or null when it shows no text. */
    static Rich shown(Element node) {
        Rich rich = rich(node);
        return rich == null || rich.string().isEmpty() ? null : rich;
    }

    /** Plain string (DOM text, {@code <br>} as newline) and inner HTML of a node. */
    static Rich rich(Element node) {
        if (node == null) {
            return null;
        }
        Element own = innermost(node);
        return new Rich(EntityWalker.walk(own, false).string(), innerHtml(own));
    }

    /**
     * Album captions come as a text div holding an identical text div (plus an empty spacer at most):
     * the inner one is the text, so its inner HTML has no stray {@code <div>}.
     */
    static Element innermost(Element node) {
        Element current = node;
        for (int i = 0; i < MAX_NESTED_TEXT; i++) {
            Element inner = soleNestedText(current);
            if (inner == null) {
                break;
            }
            current = inner;
        }
        return current;
    }

    private static Element soleNestedText(Element node) {
        Element found = null;
        for (Node child : node.childNodes()) {
            if (child instanceof Element element && element.hasClass(Selectors.TEXT_CLASS) && found == null) {
                found = element;
            } else if (!isBlank(child)) {
                return null;
            }
        }
        return found;
    }

    /** Whitespace, comments and empty elements (t.me's inline-block spacer for the footer) hold no text. */
    private static boolean isBlank(Node node) {
        return switch (node) {
            case TextNode text -> text.isBlank();
            case Element element -> element.wholeText().isBlank();
            default -> true;
        };
    }

    /** Inner HTML without jsoup's pretty-printing, which would add newlines and indentation to the text. */
    static String innerHtml(Element node) {
        Document owner = node.ownerDocument();
        if (owner != null && !owner.outputSettings().prettyPrint()) {
            return node.html();
        }
        Document shell = Document.createShell("");
        shell.outputSettings(owner == null ? shell.outputSettings().prettyPrint(false)
                : owner.outputSettings().clone().prettyPrint(false));
        Element copy = node.clone();
        shell.body().appendChild(copy);
        return copy.html();
    }
}
