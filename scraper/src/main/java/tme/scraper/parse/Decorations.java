package tme.scraper.parse;

import io.netty.buffer.ByteBuf;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.util.Arrays;

/**
 * The inline SVG drawings of a t.me page, found before it is parsed so that jsoup is spared them. t.me draws its
 * decoration as SVG: the tail of the speech bubble beside every post (1.6 KB of path data each), the header's
 * icons. On the recorded durov page that is 34 KB of 136 KB and 145 of 1,388 elements, which jsoup would tokenize
 * and every select over a post would walk again. No parser reads them (no selector names one, and every recorded
 * page's document is jsoup's whole document less its {@code svg} elements: {@code DecorationsTest}); a parse of a
 * channel page costs some 7% less CPU without them (docs/performance.md, section 17, fourteenth session).
 *
 * <p>Matched as t.me writes them: a lowercase {@code <svg} followed by a space, {@code >} or {@code /}, up to its own
 * {@code />} or its matching {@code </svg>}, drawings inside it included. A drawing that never ends is left in (jsoup
 * decides what it is). Bytes and text are scanned alike, without a copy (the tags are ASCII): 2-3% of a parse.
 */
final class Decorations {

    /** What is scanned, by position: a page's UTF-8 bytes or its text. */
    private interface Source {
        int length();

        int at(int i);

        /**
         * Where the first {@code ascii} within {@code [from, until)} starts, or -1: the one search that sees every
         * position.
         */
        int indexOf(String ascii, int from, int until);
    }

    private record Text(String text) implements Source {
        @Override
        public int length() {
            return text.length();
        }

        @Override
        public int at(int i) {
            return text.charAt(i);
        }

        @Override
        public int indexOf(String ascii, int from, int until) {
            return text.indexOf(ascii, from, until);
        }
    }

    /** Bytes {@code [offset, offset + length)} of {@code array}, positions counted from {@code offset}. */
    private record Bytes(byte[] array, int offset, int length) implements Source {
        @Override
        public int at(int i) {
            return array[offset + i];
        }

        @Override
        public int indexOf(String ascii, int from, int until) {
            byte first = (byte) ascii.charAt(0);
            for (int i = offset + Math.max(from, 0), last = offset + until - ascii.length(); i <= last; i++) {
                if (array[i] == first && startsAt(i, ascii)) {
                    return i - offset;
                }
            }
            return -1;
        }

        private boolean startsAt(int i, String ascii) {
            for (int k = 1; k < ascii.length(); k++) {
                if (array[i + k] != ascii.charAt(k)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final String OPEN = "<svg";
    private static final String CLOSE = "</svg";
    private static final int[] NONE = {};

    private Decorations() {}

    /** The spans of the drawings in {@code utf8}, in bytes, as {@link #spans(Source)} says. */
    static int[] spans(Buffer utf8) {
        ByteBuf bytes = ((BufferInternal) utf8).getByteBuf();
        return bytes.hasArray()
                ? spans(new Bytes(bytes.array(), bytes.arrayOffset(), utf8.length())) // i is bytes.getByte(i)
                : spans(new Bytes(utf8.getBytes(), 0, utf8.length())); // off the heap: one copy to scan
    }

    /** The spans of the drawings in {@code text}, in characters, as {@link #spans(Source)} says. */
    static int[] spans(String text) {
        return spans(new Text(text));
    }

    /** The spans of the top-level drawings in {@code at}: start, end (exclusive) in pairs, in order; empty if none. */
    private static int[] spans(Source at) {
        int[] spans = NONE;
        int count = 0;
        int from = 0;
        while (true) {
            int start = openingAt(at, from, at.length());
            int end = start < 0 ? -1 : endOf(at, start);
            if (end < 0) {
                return Arrays.copyOf(spans, count);
            }
            if (count == spans.length) {
                spans = Arrays.copyOf(spans, Math.max(16, 2 * count));
            }
            spans[count++] = start;
            spans[count++] = end;
            from = end;
        }
    }

    /** {@code text} without its drawings; the same instance when it has none. */
    static String without(String text) {
        int[] spans = spans(text);
        if (spans.length == 0) {
            return text;
        }
        StringBuilder kept = new StringBuilder(text.length());
        int at = 0;
        for (int i = 0; i < spans.length; i += 2) {
            kept.append(text, at, spans[i]);
            at = spans[i + 1];
        }
        return kept.append(text, at, text.length()).toString();
    }

    /** Where the next drawing within {@code [from, until)} starts, or -1. */
    private static int openingAt(Source at, int from, int until) {
        return tagAt(at, OPEN, from, until);
    }

    /** The first tag {@code start} ({@code <svg} or {@code </svg}, not {@code <svgx}) in {@code [from, until)}. */
    private static int tagAt(Source at, String start, int from, int until) {
        for (int i = at.indexOf(start, from, until); i >= 0; i = at.indexOf(start, i + 1, until)) {
            if (tagEndsAt(at, i + start.length())) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Past the end of the drawing opened at {@code start}: its own {@code />}, or the {@code >} of the {@code </svg>}
     * that closes it (drawings inside counted); -1 if it never ends.
     */
    private static int endOf(Source at, int start) {
        int i = tagEnd(at, start);
        if (i < 0 || selfClosed(at, i)) {
            return i;
        }
        int depth = 1;
        while (depth > 0) {
            int close = tagAt(at, CLOSE, i, at.length());
            if (close < 0) {
                return -1;
            }
            int open = openingAt(at, i, close);
            if (open >= 0) {
                i = tagEnd(at, open);
                if (i < 0) {
                    return -1;
                }
                depth += selfClosed(at, i) ? 0 : 1;
            } else {
                depth--;
                i = tagEnd(at, close);
                if (i < 0) {
                    return -1;
                }
            }
        }
        return i;
    }

    /** Past the {@code >} that ends the tag starting at {@code from} (one inside quotes does not), or -1. */
    private static int tagEnd(Source at, int from) {
        int quote = 0;
        for (int i = from, length = at.length(); i < length; i++) {
            int c = at.at(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Whether the tag that ends just before {@code end} closes itself ({@code <svg ... />}). */
    private static boolean selfClosed(Source at, int end) {
        return at.at(end - 2) == '/';
    }

    /** Whether the tag name ends at {@code i}: {@code <svg>}, {@code <svg ...}, {@code <svg/>}, not {@code <svgx}. */
    private static boolean tagEndsAt(Source at, int i) {
        if (i >= at.length()) {
            return false;
        }
        int c = at.at(i);
        return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }
}
