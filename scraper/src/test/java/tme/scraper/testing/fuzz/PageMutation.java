package tme.scraper.testing.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;

/**
 * One change to a recorded page's DOM. Targets are chosen by a fraction {@code at} in [0, 1) of the page's
 * elements (or text nodes) in document order, so a mutation means something on any page. A mutation with
 * nothing to act on (no attribute, no text node) changes nothing.
 */
public sealed interface PageMutation {

    void apply(Document page);

    /** Removes an element and everything in it. */
    record Remove(double at) implements PageMutation {
        @Override
        public void apply(Document page) {
            element(page, at).remove();
        }
    }

    /** Removes attribute {@code name} from one of the elements that have it. */
    record DropAttribute(String name, double at) implements PageMutation {
        @Override
        public void apply(Document page) {
            Elements holders = page.getElementsByAttribute(name);
            if (!holders.isEmpty()) {
                holders.get(pick(at, holders.size())).removeAttr(name);
            }
        }
    }

    /** Sets attribute {@code name} of one of the elements that have it to {@code value}. */
    record SetAttribute(String name, double at, String value) implements PageMutation {
        @Override
        public void apply(Document page) {
            Elements holders = page.getElementsByAttribute(name);
            if (!holders.isEmpty()) {
                holders.get(pick(at, holders.size())).attr(name, value);
            }
        }
    }

    /** Inserts a deep copy of an element right after it: two texts, two dates, two posts with one id. */
    record Duplicate(double at) implements PageMutation {
        @Override
        public void apply(Document page) {
            Element element = element(page, at);
            if (element.parent() != null) {
                element.after(element.clone());
            }
        }
    }

    /** Moves an element into another one (not into itself): a text inside a reply, a post inside a post. */
    record Move(double at, double into) implements PageMutation {
        @Override
        public void apply(Document page) {
            Element moved = element(page, at);
            Element target = element(page, into);
            if (moved.parent() != null && target != moved && !moved.getAllElements().contains(target)) {
                target.appendChild(moved);
            }
        }
    }

    /** Gives an element the classes of another element of the page, so one t.me block turns into another. */
    record Reclass(double at, double from) implements PageMutation {
        @Override
        public void apply(Document page) {
            List<String> classes = classNames(page);
            if (!classes.isEmpty()) {
                element(page, at).attr("class", classes.get(pick(from, classes.size())));
            }
        }
    }

    /** Replaces the text of a text node. */
    record ReplaceText(double at, String text) implements PageMutation {
        @Override
        public void apply(Document page) {
            List<TextNode> texts = textNodes(page);
            if (!texts.isEmpty()) {
                texts.get(pick(at, texts.size())).text(text);
            }
        }
    }

    /** Wraps a text node in markup: {@code <b>}, {@code <pre>}, a link, an emoji image... ({@code PageMutations}). */
    record Wrap(double at, String openTag) implements PageMutation {
        @Override
        public void apply(Document page) {
            List<TextNode> texts = textNodes(page);
            if (!texts.isEmpty()) {
                texts.get(pick(at, texts.size())).wrap(openTag);
            }
        }
    }

    /** Every element but the document itself. */
    private static Element element(Document page, double at) {
        Elements all = page.getAllElements();
        return all.get(1 + pick(at, all.size() - 1));
    }

    private static int pick(double at, int size) {
        return Math.min((int) (at * size), size - 1);
    }

    private static List<TextNode> textNodes(Document page) {
        List<TextNode> texts = new ArrayList<>();
        page.forEachNode(node -> {
            if (node instanceof TextNode text) {
                texts.add(text);
            }
        });
        return texts;
    }

    /** The class attribute values the page uses, sorted so a pick means the same on every run. */
    private static List<String> classNames(Document page) {
        Set<String> names = new TreeSet<>();
        for (Element element : page.getElementsByAttribute("class")) {
            names.add(element.attr("class"));
        }
        return List.copyOf(names);
    }
}
