package tme.api.graphql;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import tme.api.problem.InvalidInput;
import tme.api.problem.Problem;
import tme.api.service.Position;

/**
 * A connection's cursors: opaque to clients ({@code base64url("post:<id>:<page>")}, no padding), read back strictly:
 * a cursor this server did not write is the argument's 422, named. A cursor names its post and the t.me page it was
 * read from (the position that page was loaded at, 0 for the latest), so the next page of a connection starts from
 * that same cache entry, and a client paging by 50 walks t.me's pages of 20 once each, as {@code /v1/history} does.
 *
 * @param post the post's id
 * @param page where the page holding it was loaded from ({@link Position#LATEST}, or a post id above {@code post})
 */
record PostCursors(Position post, Position page) {

    private static final String PREFIX = "post:";

    static String of(int id, Position page) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((PREFIX + id + ":" + page.value()).getBytes(StandardCharsets.US_ASCII));
    }

    /** The post and page {@code cursor} names, or 422 naming {@code argument}. */
    static PostCursors read(String argument, String cursor) {
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException notBase64) {
            throw invalid(argument, cursor);
        }
        if (!text.startsWith(PREFIX) || !text.substring(PREFIX.length()).matches("[1-9][0-9]{0,7}:(0|[1-9][0-9]{0,7})")) {
            throw invalid(argument, cursor);
        }
        String[] parts = text.substring(PREFIX.length()).split(":");
        int post = Integer.parseInt(parts[0]);
        int page = Integer.parseInt(parts[1]);
        if (post > Position.MAX || page > Position.MAX || (page != 0 && page <= post)) {
            throw invalid(argument, cursor);
        }
        return new PostCursors(new Position(post), new Position(page));
    }

    private static InvalidInput invalid(String argument, String cursor) {
        String shown = cursor.length() > 64 ? cursor.substring(0, 64) + "…" : cursor;
        return new InvalidInput(Problem.invalid(argument, argument + " must be a cursor this API gave (an edge's"
                + " cursor, pageInfo's startCursor or endCursor): \"" + shown + "\""));
    }
}
