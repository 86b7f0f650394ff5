package tme.scraper.fetch;

import io.vertx.core.MultiMap;

/**
 * The request headers t.me sees: those of mobile Chrome (prior-art contract 3.2), so t.me serves
 * the same markup a phone gets. Two deliberate differences from the prior art:
 * {@code accept-language: en}, because the parser relies on a few English markers ("edited"),
 * and {@code accept-encoding: gzip, deflate}, because those are the only encodings we decode.
 */
final class BrowserHeaders {

    static final String USER_AGENT = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36";
    static final String ACCEPT_ENCODING = "gzip, deflate";

    private BrowserHeaders() {}

    /** A top-level navigation, as when a user opens {@code t.me/s/durov}. */
    static MultiMap page() {
        return common()
                .add("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
                        + "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7")
                .add("cache-control", "max-age=0")
                .add("priority", "u=0, i")
                .add("sec-fetch-dest", "document")
                .add("sec-fetch-mode", "navigate")
                .add("sec-fetch-site", "none")
                .add("sec-fetch-user", "?1")
                .add("upgrade-insecure-requests", "1");
    }

    /** The "load more" call t.me's own script makes: {@code $.ajax(href, {type: 'POST', dataType: 'json'})}. */
    static MultiMap ajax() {
        return common()
                .add("accept", "application/json, text/javascript, */*; q=0.01")
                .add("x-requested-with", "XMLHttpRequest")
                .add("priority", "u=1, i")
                .add("sec-fetch-dest", "empty")
                .add("sec-fetch-mode", "cors")
                .add("sec-fetch-site", "same-origin");
    }

    private static MultiMap common() {
        return MultiMap.caseInsensitiveMultiMap()
                .add("accept-encoding", ACCEPT_ENCODING)
                .add("accept-language", "en")
                .add("user-agent", USER_AGENT)
                .add("dnt", "1")
                .add("sec-ch-ua", "\"Google Chrome\";v=\"141\", \"Not?A_Brand\";v=\"8\", \"Chromium\";v=\"141\"")
                .add("sec-ch-ua-mobile", "?1")
                .add("sec-ch-ua-platform", "\"Android\"");
    }
}
