package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real answers of {@code /v1/search} (matches, no match, paging, HEAD, 304, 422, 404, 502) and of filtered feeds
 * (every format, POST, 422 for each filter) validate against the served OpenAPI document.
 */
class OpenApiSearchAndFiltersTest extends ServedContractTestBase {

    @Test
    void search_matches_noMatch_paging_conditional_head_andErrors() {
        server.tme.searchPageSize(5);
        HttpAnswer found = checked("GET", "/v1/search/durov?q=telegram", 200);
        int before = found.json().getJsonObject("meta").getJsonObject("offset").getInteger("before");
        checked("GET", "/v1/search/durov?q=telegram&before=" + before, 200);
        checked("GET", "/v1/search/durov?q=zzqwxnonexistentterm", 200);
        checked("HEAD", "/v1/search/durov?q=telegram", 200);
        checked("GET", "/v1/search/durov?q=telegram", 304, "If-None-Match", found.header("ETag").orElseThrow());
        for (String path : List.of("/v1/search/durov", "/v1/search/durov?q=", "/v1/search/durov?q=" + "x".repeat(300),
                "/v1/search/durov?q=a&before=0", "/v1/search/bad-name?q=a")) {
            checked("GET", path, 422);
            checked("HEAD", path, 422);
        }
        checked("GET", "/v1/search/zzqxnonexistent?q=telegram", 404);
        server.tme.respond("/s/meduzalive?q=telegram", 200, tme.scraper.testing.Fixtures.read(
                "s-meduzalive-2026-05-hortay.html"), Map.of("content-type", "text/html; charset=utf-8"));
        checked("GET", "/v1/search/meduzalive?q=telegram", 502);
    }

    @Test
    void filteredFeeds_inEveryFormat_andTheirErrors() {
        String filters = "&exclude=telegram&include=people,%D1%82%D0%B5%D0%BB%D0%B5%D0%B3%D1%80%D0%B0%D0%BC"
                + "&media=image,poll&forwards=false&replies=false&service=false&min_views=10";
        for (String format : List.of("", "&format=atom", "&format=rss", "&format=jsonfeed")) {
            checked("GET", "/v1/feed?channels=durov,meduzalive&limit=5" + format + filters, 200);
        }
        for (String bad : List.of("&media=nosuchkind", "&forwards=maybe", "&min_views=-1", "&exclude=%21",
                "&replies=true&replies=false")) {
            checked("GET", "/v1/feed?channels=durov" + bad, 422);
        }
        HttpAnswer post = calls.post("/v1/feed", "application/json",
                "{\"channels\":[\"durov\"],\"exclude\":[\"telegram\"],\"media\":\"image\",\"min_views\":5}");
        assertEquals(200, post.status(), post.toString());
        contract.validate("POST", "/v1/feed", post);
        HttpAnswer refused = calls.post("/v1/feed", "application/json", "{\"channels\":[\"durov\"],\"service\":1}");
        assertEquals(422, refused.status(), refused.toString());
        contract.validate("POST", "/v1/feed", refused);
    }

    private HttpAnswer checked(String method, String path, int status, String... headers) {
        HttpAnswer answer = validated(method, path, headers);
        assertEquals(status, answer.status(), method + " " + path + ": " + answer);
        return answer;
    }
}
