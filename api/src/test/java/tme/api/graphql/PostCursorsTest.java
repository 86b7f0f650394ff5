package tme.api.graphql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.api.problem.InvalidInput;
import tme.api.service.Position;

class PostCursorsTest {

    @Test
    void aCursor_readsBackToItsPostAndPage() {
        assertEquals(new PostCursors(new Position(951), new Position(961)),
                PostCursors.read("after", PostCursors.of(951, new Position(961))));
        assertEquals(new PostCursors(new Position(1000), Position.LATEST),
                PostCursors.read("after", PostCursors.of(1000, Position.LATEST)));
    }

    @Test
    void aCursorThisApiDidNotWrite_isA422NamingItsArgument() {
        for (String bad : List.of("", "!!", "cG9zdDo5", "cG9zdDo5OjM", "cG9zdDowOjA", "cG9zdDowMTA6MA",
                "eA")) {
            InvalidInput refused = assertThrows(InvalidInput.class, () -> PostCursors.read("before", bad), bad);
            assertEquals("before", refused.problem().parameter(), bad);
            assertEquals(422, refused.problem().status(), bad);
        }
    }
}
