package tme.scraper.parse;

import io.vertx.core.buffer.Buffer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jsoup.nodes.Document;

/**
 * A page as t.me sent it, its UTF-8 bytes or a text. From bytes, the document is parsed as it is decoded, a few
 * kilobytes at a time: decoding a page into one String first cost five times the page in copies (a 136 KB page made
 * a 665 KB String and its trimmed copy, a third of what its parse allocated), and under the mixed load the collector
 * stops every hit to clear what misses allocate (docs/performance.md, section 17). The whole text is decoded only
 * where a check needs it: a page without t.me's markup.
 */
public final class Html {

    private final Buffer utf8;
    private String text; // decoded when first asked, on the parsing thread

    private Html(Buffer utf8, String text) {
        this.utf8 = utf8;
        this.text = text;
    }

    /** A page already decoded (tests, fragments a JSON answer carried). */
    public static Html of(String text) {
        return new Html(null, text == null ? "" : text);
    }

    /** A page as UTF-8 bytes; nobody may change {@code utf8} while it is parsed. */
    public static Html utf8(Buffer utf8) {
        return new Html(Objects.requireNonNull(utf8, "utf8"), null);
    }

    /** The whole text, decoded at the first call. */
    public String text() {
        if (text == null) {
            text = utf8.toString(StandardCharsets.UTF_8);
        }
        return text;
    }

    /** Blank as {@link String#isBlank} says, read from the bytes where they are ASCII. */
    boolean isBlank() {
        if (text != null) {
            return text.isBlank();
        }
        for (int i = 0; i < utf8.length(); i++) {
            byte b = utf8.getByte(i);
            if (b < 0) {
                return text().isBlank(); // a non-ASCII character: let the decoded text say (U+3000 is blank)
            }
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    /** The first {@code chars} characters (all when shorter), decoding at most four bytes for each. */
    String start(int chars) {
        String head = text != null ? text : utf8.getString(0, Math.min(utf8.length(), 4 * chars), "UTF-8");
        return head.substring(0, Math.min(head.length(), chars));
    }

    /**
     * The last {@code chars} characters (all when shorter). Four bytes make at least one character, so the last
     * {@code 4 * chars} bytes hold them all; a character cut at the window's start decodes to U+FFFD before them.
     */
    String end(int chars) {
        String tail = text != null ? text
                : utf8.getString(Math.max(0, utf8.length() - 4 * chars), utf8.length(), "UTF-8");
        return tail.substring(Math.max(0, tail.length() - chars));
    }

    /** The document, from the bytes as they are decoded or from the text, without its drawings ({@link Decorations}). */
    Document parse() {
        return text != null ? Dom.parse(text) : Dom.parse(stream(utf8));
    }

    /**
     * The bytes read in the chunks the parser's decoder asks for, never copied whole, and the drawings' spans
     * passed over (their tags are ASCII: a span never cuts a character's bytes).
     */
    private static InputStream stream(Buffer bytes) {
        int[] skipped = Decorations.spans(bytes);
        return new InputStream() {
            private int at;
            private int span; // the next drawing's index in skipped (start at 2 * n, end after it)

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] into, int offset, int length) {
                Objects.checkFromIndexSize(offset, length, into.length);
                if (length == 0) {
                    return 0;
                }
                while (span < skipped.length && at >= skipped[span]) {
                    at = Math.max(at, skipped[span + 1]);
                    span += 2;
                }
                int until = span < skipped.length ? skipped[span] : bytes.length();
                int n = Math.min(length, until - at);
                if (n <= 0) {
                    return -1;
                }
                bytes.getBytes(at, at + n, into, offset);
                at += n;
                return n;
            }
        };
    }
}
