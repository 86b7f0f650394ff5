package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Route templates as the hits ahead of the router match them: plain paths only, everything else left to the router. */
class PathTemplateTest {

    private final PathTemplate more = PathTemplate.of("/v1/more/:channel/:direction/:position");

    @Test
    void match_plainPath_givesTheParametersInOrder() {
        String[] values = more.match("/v1/more/durov/before/481");
        assertArrayEquals(new String[] {"durov", "before", "481"}, values);
        assertEquals("before", more.value(values, "direction"));
        assertNull(more.value(values, "id"));
        assertArrayEquals(new String[] {"Du_r-0v"}, PathTemplate.of("/v1/body/:channel").match("/v1/body/Du_r-0v"));
    }

    @Test
    void match_leavesEveryOtherPathToTheRouter() {
        PathTemplate body = PathTemplate.of("/v1/body/:channel");
        for (String uri : new String[] {"/v1/body/durov/", "/v1/body/durov?position=3", "/v1/body/du%72ov",
                "/v1/body/../body/durov", "/v1/body//durov", "/v1/body/", "/v1/body", "/v1/bodyx/durov",
                "/v1/bod/durov", "/V1/body/durov", "http://host/v1/body/durov", "/v1/body/durov/more", "", "/"}) {
            assertNull(body.match(uri), uri);
        }
        assertNull(more.match("/v1/more/durov/before"));
    }

    @Test
    void overlaps_templatesThatCouldTakeTheSamePath() {
        PathTemplate body = PathTemplate.of("/v1/body/:channel");
        assertTrue(body.overlaps("/v1/body/:name", false));
        assertTrue(body.overlaps("/v1/:kind/durov", false));
        assertFalse(body.overlaps("/v1/post/:channel", false));
        assertFalse(body.overlaps("/v1/body/:channel/:more", false));
        assertFalse(body.overlaps("/healthz", false));
        assertTrue(body.overlaps("/v1", true), "a prefix route (/v1*) stands in front");
        assertFalse(body.overlaps("/graphiql", true));
    }
}
