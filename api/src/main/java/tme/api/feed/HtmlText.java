package tme.api.feed;

/** Text made safe for HTML: every page and feed the server writes escapes with this one table. */
public final class HtmlText {

    private HtmlText() {}

    /** {@code text} safe in HTML content and in a double- or single-quoted attribute; null is empty. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            escape(text.charAt(i), out);
        }
        return out.toString();
    }

    /** Appends {@code c}, escaped, to {@code out}. */
    static void escape(char c, StringBuilder out) {
        switch (c) {
            case '&' -> out.append("&amp;");
            case '<' -> out.append("&lt;");
            case '>' -> out.append("&gt;");
            case '"' -> out.append("&quot;");
            case '\'' -> out.append("&#39;");
            default -> out.append(c);
        }
    }
}
