package tme.scraper.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import tme.scraper.model.Entity;

/**
 * The one DOM walk behind a text: it appends every text node to a buffer and notes each entity's
 * start and end as the buffer's length, so offsets and lengths are UTF-16 code units of the final
 * string (as the Telegram Bot API counts them), entities decoded by jsoup count as one character,
 * a repeated substring is never confused with an earlier one, and nesting is free.
 *
 * <p>Rules for the string: text nodes as they are (jsoup has decoded {@code &amp;}, {@code &lt;}, ...;
 * {@code &nbsp;} stays U+00A0, which is what the message really holds, and it is one code unit like a
 * space), {@code <br>} is {@code \n}, an emoji image gives its emoji character, and a {@code <pre>} or
 * {@code <blockquote>} block followed by more text is followed by {@code \n} (t.me drops the line break that
 * ends a block, since a browser breaks the line there anyway: {@code <pre>print(1)</pre>secret} is
 * {@code "print(1)\nsecret"}). Leading and trailing whitespace is trimmed: Telegram never stores it, and the
 * recorded fragments carry indentation there.
 *
 * <p>Entities over whitespace only ({@code <b><br></b>}, a bold line break) are dropped: they mark no text.
 */
final class EntityWalker {

    /** Beyond this nesting the rest is taken as plain text, so hostile markup cannot overflow the stack. */
    private static final int MAX_DEPTH = 100;

    /** Sorted by offset, then longer first; equal spans keep document order, which puts the outer first. */
    private static final Comparator<Entity> ORDER =
            Comparator.comparingInt(Entity::offset).thenComparing(Comparator.comparingInt(Entity::length).reversed());

    /** The walk's result. */
    record Walked(String string, List<Entity> entities) {}

    private final StringBuilder sb = new StringBuilder();
    /**
     * One slot per element that may hold an entity, reserved when the element opens (pre-order, so outer
     * before inner) and filled when it closes; a slot stays null when the element held no text or no entity.
     */
    private final List<Entity> slots = new ArrayList<>();
    private final boolean withEntities;
    /** Above 0 inside {@code <pre>}: a {@code <code>} there names the block's language, it is not inline code. */
    private int preDepth;
    /** A block just closed: its line break is written before whatever comes next, so trailing blocks get none. */
    private boolean breakPending;

    private EntityWalker(boolean withEntities) {
        this.withEntities = withEntities;
    }

    /** Walks {@code root}'s children; entities are collected only when {@code withEntities}. */
    static Walked walk(Element root, boolean withEntities) {
        EntityWalker walker = new EntityWalker(withEntities);
        walker.children(root, 0);
        return walker.finish();
    }

    private void children(Element parent, int depth) {
        for (Node child : parent.childNodes()) {
            switch (child) {
                case TextNode text -> text(text.getWholeText());
                case Element element -> element(element, depth + 1);
                default -> { } // comments and data nodes are not text
            }
        }
    }

    private void text(String text) {
        if (!text.isEmpty()) {
            writePendingBreak();
            sb.append(text);
        }
    }

    /**
     * Before an element rather than before its first character, so an entity that starts right after a block
     * starts after the break, not on it.
     */
    private void writePendingBreak() {
        if (breakPending) {
            breakPending = false;
            sb.append('\n');
        }
    }

    private void element(Element element, int depth) {
        writePendingBreak();
        if (element.normalName().equals(Selectors.TEXT_LINE_BREAK_TAG)) {
            sb.append('\n');
        } else if (depth > MAX_DEPTH) {
            sb.append(element.wholeText());
        } else if (EntityMarkup.isCustomEmoji(element)) {
            atom(element, EntityMarkup::customEmoji);
        } else if (EntityMarkup.isEmoji(element)) {
            atom(element, EntityMarkup::emoji);
        } else {
            container(element, depth);
        }
    }

    /** An element whose children are walked; its own entity (if any) is decided when it closes. */
    private void container(Element element, int depth) {
        int slot = reserve();
        int start = sb.length();
        boolean pre = EntityMarkup.isPre(element);
        if (pre) {
            preDepth++;
        }
        children(element, depth);
        if (pre) {
            preDepth--;
        }
        if (slot >= 0 && sb.length() > start) {
            fill(slot, start, EntityMarkup.formatting(element, preDepth > 0, sb, start));
        }
        if (EntityMarkup.isBlock(element)) {
            breakPending = true;
        }
    }

    /**
     * An emoji image: only its character goes into the text (its inner {@code <b>} is not bold). The mark
     * (a regex over the style) is read only when entities are wanted.
     */
    private void atom(Element element, Function<Element, EntityMarkup.Mark> mark) {
        int slot = reserve();
        int start = sb.length();
        sb.append(element.wholeText());
        if (slot >= 0) {
            fill(slot, start, mark.apply(element));
        }
    }

    private int reserve() {
        if (!withEntities) {
            return -1;
        }
        slots.add(null);
        return slots.size() - 1;
    }

    private void fill(int slot, int start, EntityMarkup.Mark mark) {
        if (slot >= 0 && mark != null && sb.length() > start) {
            slots.set(slot, mark.at(start, sb.length() - start));
        }
    }

    /**
     * Trims the string and clips every entity to the trimmed range; an entity left empty, or over whitespace
     * only, is dropped.
     */
    private Walked finish() {
        int from = 0;
        int to = sb.length();
        while (from < to && Character.isWhitespace(sb.charAt(from))) {
            from++;
        }
        while (to > from && Character.isWhitespace(sb.charAt(to - 1))) {
            to--;
        }
        String string = sb.substring(from, to);
        List<Entity> entities = new ArrayList<>();
        for (Entity entity : slots) {
            Entity clipped = entity == null ? null : clip(entity, from, to);
            if (clipped != null && !isBlank(string, clipped)) {
                entities.add(clipped);
            }
        }
        entities.sort(ORDER); // List.sort is stable: ties keep pre-order (outer first)
        return new Walked(string, entities);
    }

    /** Whitespace as the trim counts it ({@link Character#isWhitespace}; U+00A0 is not, as it is kept in the string). */
    private static boolean isBlank(String string, Entity entity) {
        for (int i = entity.offset(); i < entity.offset() + entity.length(); i++) {
            if (!Character.isWhitespace(string.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static Entity clip(Entity entity, int from, int to) {
        int start = Math.max(entity.offset(), from);
        int end = Math.min(entity.offset() + entity.length(), to);
        if (end <= start) {
            return null;
        }
        if (start == entity.offset() && end - start == entity.length() && from == 0) {
            return entity;
        }
        return new Entity(entity.type(), start - from, end - start, entity.url(), entity.language(),
                entity.customEmojiId());
    }
}
