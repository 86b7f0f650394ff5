package tme.scraper.testing;

/**
 * Encodes a string as a JSON string the way PHP's {@code json_encode} does by default: {@code /} as
 * {@code \/} and every non-ASCII UTF-16 unit as {@code \}{@code uXXXX}. t.me is served by PHP; no real
 * "load more" body was ever captured, so this is the strictest plausible form for the client to decode.
 */
final class PhpJson {

    private PhpJson() {}

    static String string(String value) {
        StringBuilder out = new StringBuilder(value.length() + value.length() / 8 + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '/' -> out.append("\\/");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
