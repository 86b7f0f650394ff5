package tme.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The example blocks of a Markdown page and the marker each carries, read from the comment just above its fence:
 * <ul>
 *   <li>{@code <!-- example: GET /v1/post/durov/490 -->}: the block is the answer to that request;
 *   <li>{@code <!-- examples:} one request a line {@code -->}: the block holds one answer per request, in order;
 *   <li>{@code <!-- example-unchecked: why -->}: an answer no test server can give (a stream, a fleet's state), why.
 * </ul>
 * A request is {@code METHOD TARGET [BODY] [at PATH]}: a JSON body for a POST ({@code a×70000} in it stands for 70,000
 * {@code a}s), and a path ({@code content.media[0]}) when the block shows only that part of the answer. The server's
 * settings and what the fake did follow in parentheses ({@link ExampleSetup}). Blocks in {@link #NOT_ANSWERS} (commands, schemas) need none.
 */
final class DocExamples {

    /** Fence languages whose blocks are never answers. */
    static final Set<String> NOT_ANSWERS = Set.of("sh", "graphql");

    private static final Pattern FENCE = Pattern.compile("^\\s*```(\\w*)\\s*$");
    private static final Pattern AT = Pattern.compile("^(.*?)\\s+at\\s+([\\w.\\[\\]=]+)$");

    /** One request of a marker. */
    record Request(String method, String target, String body, String at) {
        static Request parse(String line) {
            String text = line.strip();
            String at = null;
            Matcher path = AT.matcher(text);
            if (path.matches()) {
                text = path.group(1);
                at = path.group(2);
            }
            String[] parts = text.split("\\s+", 3);
            return new Request(parts[0], parts[1], parts.length > 2 ? parts[2] : null, at);
        }

        @Override
        public String toString() {
            return method + " " + target + (body == null ? "" : " " + body) + (at == null ? "" : " at " + at);
        }
    }

    /**
     * A fenced block: where it starts (1-based line of its fence), its language, text, and its marker's requests
     * (empty when unchecked or unmarked), reason (when unchecked) or neither (unmarked).
     */
    record Block(int line, String lang, String text, List<Request> requests, String unchecked, ExampleSetup setup) {
        boolean marked() {
            return !requests.isEmpty() || unchecked != null;
        }
    }

    private DocExamples() {}

    /** Every fenced block of {@code markdown} that is not in {@link #NOT_ANSWERS}. */
    static List<Block> blocks(String markdown) {
        List<String> lines = markdown.lines().toList();
        List<Block> blocks = new ArrayList<>();
        String marker = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            if (fence.matches()) {
                int end = i + 1;
                while (!FENCE.matcher(lines.get(end)).matches()) {
                    end++;
                }
                String text = String.join("\n", lines.subList(i + 1, end));
                if (!NOT_ANSWERS.contains(fence.group(1))) {
                    blocks.add(block(i + 1, fence.group(1), text, marker));
                }
                marker = null;
                i = end;
            } else if (line.strip().startsWith("<!-- example")) {
                StringBuilder comment = new StringBuilder(line.strip());
                while (!comment.toString().endsWith("-->")) {
                    comment.append('\n').append(lines.get(++i).strip());
                }
                marker = comment.toString();
            } else if (!line.isBlank()) {
                marker = null;
            }
        }
        return blocks;
    }

    private static Block block(int line, String lang, String text, String marker) {
        if (marker == null) {
            return new Block(line, lang, text, List.of(), null, ExampleSetup.NONE);
        }
        String body = marker.substring(4, marker.length() - 3).strip();
        int colon = body.indexOf(':');
        String kind = body.substring(0, colon).strip();
        String rest = body.substring(colon + 1).strip();
        if (kind.equals("example-unchecked")) {
            return new Block(line, lang, text, List.of(), rest, ExampleSetup.NONE);
        }
        ExampleSetup.Parsed parsed = ExampleSetup.parse(rest);
        return switch (kind) {
            case "example" -> new Block(line, lang, text, List.of(Request.parse(parsed.requests())), null,
                    parsed.setup());
            case "examples" -> new Block(line, lang, text,
                    parsed.requests().lines().filter(l -> !l.isBlank()).map(Request::parse).toList(), null,
                    parsed.setup());
            default -> throw new IllegalArgumentException("line " + line + ": unknown marker " + kind);
        };
    }
}
