package tme.scraper.testing;

import java.util.Map;

/** One answer of the fake t.me, before it is written (and maybe gzipped). */
record Reply(int status, Map<String, String> headers, String body) {

    static final String HTML = "text/html; charset=utf-8";

    Reply {
        headers = Map.copyOf(headers);
    }

    static Reply html(String body) {
        return new Reply(200, Map.of("content-type", HTML), body);
    }

    /** t.me answers the "load more" POST with a JSON value. */
    static Reply json(String body) {
        return new Reply(200, Map.of("content-type", "application/json"), body);
    }

    /** What t.me does for {@code /s/name} when {@code name} is not a public channel. */
    static Reply redirect(String location) {
        return new Reply(302, Map.of("location", location, "content-type", HTML), "");
    }

    static Reply text(int status, String text) {
        return new Reply(status, Map.of("content-type", "text/plain; charset=utf-8"), text);
    }
}
