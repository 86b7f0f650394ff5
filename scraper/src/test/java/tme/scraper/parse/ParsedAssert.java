package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import tme.scraper.model.Post;
import tme.scraper.model.Rich;
import tme.scraper.model.Text;

/** Small helpers shared by the parser tests. */
final class ParsedAssert {

    private ParsedAssert() {}

    /** The value of an {@code Ok}, failing the test on any other outcome. */
    static <T> Parsed.Ok<T> ok(Parsed<T> parsed) {
        if (parsed instanceof Parsed.Ok<T> ok) {
            return ok;
        }
        throw new AssertionError("expected Ok but was " + parsed);
    }

    static Post post(List<Post> posts, int id) {
        return posts.stream().filter(post -> post.id() == id).findFirst()
                .orElseThrow(() -> new AssertionError("no post " + id));
    }

    /**
     * A plain string, trimmed. The text helper owns whitespace rules inside a text; the parser tests assert
     * what the parser chooses (which node), so they compare trimmed strings or their start.
     */
    static String plain(Rich rich) {
        assertNotNull(rich, "expected a text");
        return rich.string().strip();
    }

    static String plain(Text text) {
        assertNotNull(text, "expected a text");
        return text.string().strip();
    }

    static List<Integer> ids(List<Post> posts) {
        return posts.stream().map(Post::id).toList();
    }
}
