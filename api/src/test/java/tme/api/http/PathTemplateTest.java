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
        assertTrue(body.overlaps(PathTemplate.of("/v1/body/:name")));
        assertTrue(body.overlaps(PathTemplate.of("/v1/:kind/durov")));
        assertFalse(body.overlaps(PathTemplate.of("/v1/post/:channel")));
        assertFalse(body.overlaps(PathTemplate.of("/v1/body/:channel/:more")));
        assertFalse(body.overlaps(PathTemplate.of("/healthz")));
        assertTrue(body.overlaps(PathTemplate.of("/v1*")), "a prefix route (/v1*) stands in front");
        assertFalse(body.overlaps(PathTemplate.of("/graphiql*")));
    }

    @Test
    void covers_normalizedPaths_trailingSlashIncluded() {
        assertTrue(PathTemplate.of("/v1/body/:channel").covers("/v1/body/durov"));
        assertTrue(PathTemplate.of("/v1/body/:channel").covers("/v1/body/durov/"));
        assertTrue(more.covers("/v1/more/du%72ov/before/10"), "any characters in a segment");
        assertTrue(PathTemplate.of("/healthz").covers("/healthz"));
        assertTrue(PathTemplate.of("/graphiql/").covers("/graphiql"));
        assertTrue(PathTemplate.of("/").covers("/"));
        assertTrue(PathTemplate.of("/").covers("//"));
    }

    @Test
    void covers_prefixTemplates_everyPathUnderThem() {
        PathTemplate graphiql = PathTemplate.of("/graphiql*");
        assertEquals("/graphiql", graphiql.label());
        for (String path : new String[] {"/graphiql", "/graphiql/", "/graphiql/index.html", "/graphiql/a/b.js"}) {
            assertTrue(graphiql.covers(path), path);
        }
        assertFalse(graphiql.covers("/graphiqlx"));
        assertFalse(graphiql.covers("/"));
        assertNull(graphiql.match("/graphiql/x"), "a prefix route is never answered ahead");
    }

    @Test
    void covers_notOtherPaths() {
        PathTemplate body = PathTemplate.of("/v1/body/:channel");
        for (String path : new String[] {"/v1/body", "/v1/body/", "/v1/body//", "/v1/body/durov/extra", "/nowhere", "/",
                "", "/v1/bodyx/durov", "/V1/body/durov"}) {
            assertFalse(body.covers(path), path);
        }
        assertFalse(body.covers(null));
        assertFalse(PathTemplate.of("/").covers("/x"));
        assertFalse(PathTemplate.of("/metrics").covers("/metrics/x"));
        assertFalse(more.covers("/v1/more/durov//10"), "a parameter is one non-empty segment");
    }
}
