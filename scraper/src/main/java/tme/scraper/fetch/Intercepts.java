package tme.scraper.fetch;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells an error page of something between us and t.me (a proxy, a CDN, a corporate gateway) from t.me's own
 * error answer, so the caller can tell "t.me is throttling us" from "we cannot reach t.me".
 *
 * <p>The rule: a status an intermediary sends ({@code 403}, {@code 429} or {@code 5xx}) <em>and</em> an HTML
 * body <em>and</em> none of t.me's own markers ({@link #TME_MARKERS}: its {@code tgme_} classes, its
 * {@code telegram.org} assets, its {@code tg://} links). t.me's own 429 is plain text ("Too Many Requests") or
 * Bot-API JSON, and its own pages always carry those markers, so neither is taken for an interception. Proxy
 * headers ({@code cf-ray}, {@code via}, {@code server}) alone decide nothing (t.me itself answers through
 * nginx); they only name who answered in the reason. The name "t.me" alone is not a marker: Cloudflare's error
 * pages print the host they failed for ({@code <title>t.me | 502: Bad gateway</title>}).
 *
 * <p>Known limit: t.me's own front nginx answers a dead backend with the same stock page as any other nginx;
 * that is reported as intercepted too, which is what it means for us: the t.me application did not answer.
 * A 403 is included because Cloudflare's "Access denied" and "Attention Required" pages come with it.
 */
final class Intercepts {

    /** Substrings (lower case) that only t.me's own markup carries. */
    static final List<String> TME_MARKERS = List.of("tgme_", "//telegram.org/", "tg://");
    /** Where an HTML body shows itself, looked for (lower case) near the start of the body. */
    static final List<String> HTML_STARTS = List.of("<!doctype html", "<html", "<head", "<title", "<body");
    /** Only the start of a body is read: error pages are small, and t.me's markers sit in its head. */
    static final int SCAN_CHARS = 32 * 1024;
    private static final int HTML_START_WINDOW = 1024;
    private static final int MAX_TITLE = 120;
    private static final Pattern TITLE = Pattern.compile("(?is)<title[^>]*>(.*?)</title>");

    private Intercepts() {}

    /** Whether a status is one an intermediary answers with instead of t.me. */
    static boolean interceptable(int status) {
        return status == 403 || status == 429 || status >= 500 && status < 600;
    }

    /** A readable reason when this answer is an intermediary's error page, else empty. */
    static Optional<String> reason(int status, MultiMap headers, Buffer body) {
        if (!interceptable(status) || body == null || body.length() == 0) {
            return Optional.empty();
        }
        String text = body.getString(0, Math.min(body.length(), SCAN_CHARS)).toLowerCase(Locale.ROOT);
        if (!isHtml(headers.get("content-type"), text) || TME_MARKERS.stream().anyMatch(text::contains)) {
            return Optional.empty();
        }
        return Optional.of(title(body) + who(headers).map(w -> " (from " + w + ")").orElse(""));
    }

    private static boolean isHtml(String contentType, String lowerBody) {
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("html")) {
            return true;
        }
        String start = lowerBody.substring(0, Math.min(lowerBody.length(), HTML_START_WINDOW));
        return HTML_STARTS.stream().anyMatch(start::contains);
    }

    private static String title(Buffer body) {
        Matcher title = TITLE.matcher(body.getString(0, Math.min(body.length(), SCAN_CHARS)));
        String text = title.find() ? title.group(1).replaceAll("\\s+", " ").strip() : "";
        if (text.isEmpty()) {
            return "an HTML error page";
        }
        return text.length() > MAX_TITLE ? text.substring(0, MAX_TITLE) + "..." : text;
    }

    /** Who answered, from the headers proxies add: Cloudflare's ray id, the server name, a via chain. */
    private static Optional<String> who(MultiMap headers) {
        String ray = headers.get("cf-ray");
        if (ray != null) {
            return Optional.of("cloudflare, ray " + ray.strip());
        }
        String server = headers.get("server");
        if (server != null && !server.isBlank()) {
            return Optional.of(server.strip());
        }
        String via = headers.get("via");
        return via == null || via.isBlank() ? Optional.empty() : Optional.of("via " + via.strip());
    }
}
