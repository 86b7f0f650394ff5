package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.net.URI;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The redirect and "more" decoding rules alone; the wire path is covered by the TmeClient tests. */
class ResponseMappingTest {

    private static final Instant NOW = Instant.parse("2026-05-10T12:00:00Z");
    private final ResponseMapping mapping = new ResponseMapping(URI.create("http://127.0.0.1:8099"));

    @Test
    void page_redirectToBareChannelInAnySpellingIsNotFound() {
        for (String location : new String[] {"/durov", "/Durov/", "https://t.me/durov", "HTTPS://T.ME/DUROV",
                "http://127.0.0.1:8099/durov", "/durov?utm=x"}) {
            Upstream outcome = mapping.page(redirect(location), "durov", NOW);
            assertEquals(new Upstream.NotFound("durov is not a public channel (redirect to " + location + ")"),
                    outcome, location);
        }
    }

    @Test
    void page_redirectAnywhereElseIsFailedWithTheLocation() {
        for (String location : new String[] {"https://t.me/durov/5", "https://example.com/durov", "/s/durov",
                "/pavel", "::not a uri::"}) {
            assertEquals(new Upstream.Failed(302, "unexpected redirect to " + location),
                    mapping.page(redirect(location), "durov", NOW), location);
        }
        assertEquals(new Upstream.Failed(301, "unexpected redirect to null"),
                mapping.page(new ResponseMapping.Answer(301, MultiMap.caseInsensitiveMultiMap(), null), "durov", NOW));
    }

    @Test
    void page_200KeepsTheBodyUndecoded_bodyDecodesUtf8Later() {
        Buffer bytes = Buffer.buffer("<p>Привет, é</p>", "UTF-8");

        Upstream.Ok ok = assertInstanceOf(Upstream.Ok.class,
                mapping.page(new ResponseMapping.Answer(200, MultiMap.caseInsensitiveMultiMap(), bytes), "durov", NOW));

        assertSame(bytes, ok.utf8(), "no copy and no decoding while mapping (that runs on the event loop)");
        assertEquals("<p>Привет, é</p>", ok.body());
        assertEquals(new Upstream.Ok("<p>Привет, é</p>"), ok);
        assertEquals(new Upstream.Ok("<p>Привет, é</p>").hashCode(), ok.hashCode());
        assertNotEquals(new Upstream.Ok("<p>Привет, e</p>"), ok);
    }

    @Test
    void page_200WithoutBodyIsOkEmpty() {
        assertEquals(new Upstream.Ok(""),
                mapping.page(new ResponseMapping.Answer(200, MultiMap.caseInsensitiveMultiMap(), null), "durov", NOW));
    }

    @Test
    void more_decodesStringsAndHtmlObjects() {
        assertEquals(new Upstream.Ok("<a href=\"/s/x\">é</a>"), more("\"<a href=\\\"\\/s\\/x\\\">\\u00e9</a>\""));
        assertEquals(new Upstream.Ok(""), more("\"\""));
        assertEquals(new Upstream.Ok("<div>x</div>"), more("{\"html\":\"<div>x</div>\",\"ok\":true}"));
    }

    @Test
    void more_undecodableBodyIsFailedAndSaysSo() {
        assertEquals(new Upstream.Failed(200, "undecodable \"more\" answer (not JSON): <html>oops</html>"),
                more("<html>oops</html>"));
        assertEquals(new Upstream.Failed(200,
                "undecodable \"more\" answer (neither a JSON string nor an object with \"html\"): 42"), more("42"));
        assertEquals(new Upstream.Failed(200, "undecodable \"more\" answer (empty body): "), more(""));
    }

    private Upstream more(String body) {
        return mapping.more(new ResponseMapping.Answer(200, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(body)),
                "durov", NOW);
    }

    private static ResponseMapping.Answer redirect(String location) {
        return new ResponseMapping.Answer(302, MultiMap.caseInsensitiveMultiMap().add("location", location), null);
    }
}
