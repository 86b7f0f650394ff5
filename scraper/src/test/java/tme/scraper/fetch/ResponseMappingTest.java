package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.Fixtures;
import tme.scraper.testing.Surprises;

/** The redirect, throttle, intercept and "more" decoding rules alone; the wire path is covered by the TmeClient tests. */
class ResponseMappingTest {

    private static final Instant NOW = Instant.parse("2026-05-10T12:00:00Z");
    private static final String BOT_API_429 = "{\"ok\":false,\"error_code\":429,"
            + "\"description\":\"Too Many Requests: retry after 7\",\"parameters\":{\"retry_after\":7}}";
    private static final MultiMap TEXT = MultiMap.caseInsensitiveMultiMap().add("content-type", "text/plain; charset=utf-8");
    private static final MultiMap JSON = MultiMap.caseInsensitiveMultiMap().add("content-type", "application/json");
    private static final MultiMap HTML = MultiMap.caseInsensitiveMultiMap().add("content-type", "text/html; charset=utf-8");
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

    @Test
    void notOk_tmesOwn429IsThrottledWithItsHint() {
        assertEquals(new Upstream.Throttled(Optional.empty()), page(429, TEXT, "Too Many Requests"));
        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(7))),
                page(429, headers(TEXT).add("retry-after", "7"), "Too Many Requests"));
        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(7))), page(429, JSON, BOT_API_429));
        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(2))),
                page(429, headers(JSON).add("retry-after", "2"), BOT_API_429), "the header wins");
        assertEquals(new Upstream.Throttled(Optional.empty()), page(429, JSON, "{\"ok\":false,\"error_code\":429}"));
        assertEquals(new Upstream.Throttled(Optional.empty()), page(429, MultiMap.caseInsensitiveMultiMap(), null));
    }

    @Test
    void notOk_nginxErrorPageIsIntercepted() {
        Map<Integer, String> titles = Map.of(500, "500 Internal Server Error", 502, "502 Bad Gateway",
                503, "503 Service Temporarily Unavailable", 504, "504 Gateway Time-out");
        titles.forEach((status, title) -> assertEquals(
                new Upstream.Intercepted(status, Optional.empty(), title + " (from nginx)"),
                page(status, headers(Surprises.nginxHeaders()), Surprises.proxyError(status)), title));
    }

    @Test
    void notOk_cloudflarePagesAreInterceptedWithTheirRayAndHint() {
        MultiMap cloudflare = headers(Surprises.cloudflareHeaders(Map.of("retry-after", "Sun, 10 May 2026 12:00:40 GMT")));
        String from = " (from cloudflare, ray " + Surprises.CF_RAY + ")";

        assertEquals(new Upstream.Intercepted(429, Optional.of(Duration.ofSeconds(40)), "t.me | 429: Too many requests" + from),
                page(429, cloudflare, Surprises.cloudflareError(429)));
        assertEquals(new Upstream.Intercepted(502, Optional.of(Duration.ofSeconds(40)), "t.me | 502: Bad gateway" + from),
                page(502, cloudflare, Surprises.cloudflareError(502)));
        assertEquals(new Upstream.Intercepted(403, Optional.of(Duration.ofSeconds(40)),
                "Access denied | t.me used Cloudflare to restrict access" + from),
                page(403, cloudflare, Surprises.accessDenied()));
        assertEquals(new Upstream.Intercepted(403, Optional.of(Duration.ofSeconds(40)), "Just a moment..." + from),
                page(403, cloudflare, Surprises.challengePage()));
        assertEquals(new Upstream.Intercepted(403, Optional.of(Duration.ofSeconds(40)),
                "Attention Required! | Cloudflare" + from), page(403, cloudflare, Surprises.captchaPage()));
    }

    @Test
    void notOk_htmlIsRecognisedWithoutAContentTypeAndNamesWhoSentIt() {
        MultiMap viaOnly = MultiMap.caseInsensitiveMultiMap().add("via", "1.1 squid-proxy");

        assertEquals(new Upstream.Intercepted(503, Optional.empty(), "503 Service Temporarily Unavailable (from via 1.1 squid-proxy)"),
                page(503, viaOnly, Surprises.proxyError(503)));
        assertEquals(new Upstream.Intercepted(502, Optional.empty(), "an HTML error page"),
                page(502, MultiMap.caseInsensitiveMultiMap(), "<!DOCTYPE html><html><body><h1>Bad gateway</h1></body></html>"));
    }

    @Test
    void notOk_tmesOwnErrorsStayFailedOrThrottled() {
        String durov = Fixtures.read("s-durov-2026-05-hortay.html");
        MultiMap cloudflare = headers(Surprises.cloudflareHeaders());

        assertEquals(new Upstream.Failed(502, "t.me answered 502"), page(502, headers(HTML), durov),
                "t.me's own markup, even behind a proxy's headers");
        assertEquals(new Upstream.Failed(502, "t.me answered 502"), page(502, cloudflare, durov));
        assertEquals(new Upstream.Throttled(Optional.empty()), page(429, headers(HTML), durov));
        assertEquals(new Upstream.Failed(500, "t.me answered 500"), page(500, TEXT, "Internal Server Error"));
        assertEquals(new Upstream.Failed(502, "t.me answered 502"), page(502, headers(Surprises.nginxHeaders()), null),
                "no body: nothing tells who answered");
        assertEquals(new Upstream.Failed(403, "t.me answered 403"), page(403, TEXT, "Forbidden"));
    }

    @Test
    void notOk_onlyInterceptableStatusesAreIntercepted() {
        assertEquals(new Upstream.NotFound("t.me answered 404 for durov"),
                page(404, headers(Surprises.nginxHeaders()), Surprises.proxyError(404)));
        assertEquals(new Upstream.Failed(400, "t.me answered 400"),
                page(400, headers(Surprises.nginxHeaders()), Surprises.proxyError(400)));
    }

    @Test
    void more_proxyErrorPageIsInterceptedToo() {
        assertEquals(new Upstream.Intercepted(504, Optional.empty(), "504 Gateway Time-out (from nginx)"),
                mapping.more(new ResponseMapping.Answer(504, headers(Surprises.nginxHeaders()),
                        Buffer.buffer(Surprises.proxyError(504))), "durov", NOW));
    }

    private Upstream page(int status, MultiMap headers, String body) {
        return mapping.page(new ResponseMapping.Answer(status, headers, body == null ? null : Buffer.buffer(body)),
                "durov", NOW);
    }

    private static MultiMap headers(Map<String, String> headers) {
        MultiMap map = MultiMap.caseInsensitiveMultiMap();
        headers.forEach(map::add);
        return map;
    }

    private static MultiMap headers(MultiMap headers) {
        return MultiMap.caseInsensitiveMultiMap().addAll(headers);
    }

    private Upstream more(String body) {
        return mapping.more(new ResponseMapping.Answer(200, MultiMap.caseInsensitiveMultiMap(), Buffer.buffer(body)),
                "durov", NOW);
    }

    private static ResponseMapping.Answer redirect(String location) {
        return new ResponseMapping.Answer(302, MultiMap.caseInsensitiveMultiMap().add("location", location), null);
    }
}
