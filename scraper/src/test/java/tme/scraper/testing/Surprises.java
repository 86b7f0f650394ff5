package tme.scraper.testing;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Pages t.me does not normally serve, for the shape checks and the gate tests: error pages of something in
 * between (nginx, Cloudflare), a captcha, a bot challenge, and recorded pages bent the way a markup change or
 * a cut-off answer bends them. The proxy pages follow the stock pages those products serve (nginx's built-in
 * error page; Cloudflare's 5xx, "Access denied" (1020), "Attention Required!" and "Just a moment..." pages),
 * cut down to the parts anyone looks at. Serve them with {@link FakeTme#respond} or
 * {@link FakeTme#respondEverywhere}, with {@link #nginxHeaders()} or {@link #cloudflareHeaders()}.
 */
public final class Surprises {

    /** The ray id in the Cloudflare pages and {@link #cloudflareHeaders()}. */
    public static final String CF_RAY = "8f3c2a1b9d4e5f60-FRA";
    private static final String HTML = "text/html; charset=utf-8";

    private Surprises() {}

    /** nginx's stock error page, e.g. {@code <title>502 Bad Gateway</title>...<center>nginx</center>}. */
    public static String proxyError(int status) {
        String line = status + " " + phrase(status);
        return "<html>\r\n<head><title>" + line + "</title></head>\r\n<body>\r\n<center><h1>" + line
                + "</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
    }

    /** Cloudflare's error page for a failing origin or its own rate limit: {@code t.me | 502: Bad gateway}. */
    public static String cloudflareError(int status) {
        String phrase = sentence(phrase(status));
        return "<!DOCTYPE html>\n<!--[if lt IE 7]> <html class=\"no-js ie6 oldie\" lang=\"en-US\"> <![endif]-->\n"
                + "<!--[if gt IE 8]><!--> <html class=\"no-js\" lang=\"en-US\"> <!--<![endif]-->\n<head>\n"
                + "<title>t.me | " + status + ": " + phrase + "</title>\n<meta charset=\"UTF-8\" />\n"
                + "<meta name=\"robots\" content=\"noindex, nofollow\" />\n"
                + "<link rel=\"stylesheet\" id=\"cf_styles-css\" href=\"/cdn-cgi/styles/main.css\" />\n</head>\n"
                + "<body>\n<div id=\"cf-wrapper\">\n<div id=\"cf-error-details\" class=\"p-0\">\n"
                + "<header class=\"mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8\">\n<h1 class=\"inline-block\">"
                + "<span class=\"inline-block\">" + phrase + "</span>\n<span class=\"code-label\">Error code " + status
                + "</span></h1>\n<div class=\"clearfix\"><span class=\"cf-footer-item\">Visit "
                + "<a href=\"https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_" + status
                + "&utm_campaign=t.me\" target=\"_blank\">cloudflare.com</a> for more information.</span></div>\n"
                + "</header>\n<div class=\"my-8 bg-gradient-gray\"><div class=\"w-240 lg:w-full mx-auto\">"
                + "<div id=\"cf-host-status\" class=\"cf-error-source\"><span class=\"md:block w-full truncate\">t.me"
                + "</span><h3>Host</h3><span class=\"cf-status-label\">Error</span></div></div></div>\n"
                + footer() + "</div>\n</div>\n</body>\n</html>\n";
    }

    /** Cloudflare's "Access denied" (error 1020) page, sent with 403 when a firewall rule blocks the caller. */
    public static String accessDenied() {
        return "<!DOCTYPE html>\n<html class=\"no-js\" lang=\"en-US\">\n<head>\n"
                + "<title>Access denied | t.me used Cloudflare to restrict access</title>\n"
                + "<meta charset=\"UTF-8\" />\n<link rel=\"stylesheet\" id=\"cf_styles-css\" "
                + "href=\"/cdn-cgi/styles/main.css\" />\n</head>\n<body>\n<div id=\"cf-wrapper\">\n"
                + "<div id=\"cf-error-details\" class=\"p-0\">\n<header class=\"mx-auto pt-10\">\n"
                + "<h1 class=\"inline-block\"><span class=\"cf-error-type\" data-translate=\"error\">Error</span>\n"
                + "<span class=\"cf-error-code\">1020</span></h1>\n<h2 class=\"cf-subheadline\">Access denied</h2>\n"
                + "</header>\n<section class=\"w-240 lg:w-full mx-auto mb-8\"><h2>What happened?</h2>\n"
                + "<p>This website is using a security service to protect itself from online attacks.</p></section>\n"
                + footer() + "</div>\n</div>\n</body>\n</html>\n";
    }

    /** Cloudflare's "Attention Required!" page: a form with an hCaptcha to solve. */
    public static String captchaPage() {
        return "<!DOCTYPE html>\n<html class=\"no-js\" lang=\"en-US\">\n<head>\n"
                + "<title>Attention Required! | Cloudflare</title>\n<meta charset=\"UTF-8\" />\n"
                + "<script src=\"https://hcaptcha.com/1/api.js?endpoint=https%3A%2F%2Fcloudflare.hcaptcha.com\" "
                + "async defer></script>\n</head>\n<body>\n<div id=\"cf-wrapper\">\n<div id=\"cf-error-details\">\n"
                + "<h1 data-translate=\"challenge_headline\">One more step</h1>\n"
                + "<h2 class=\"cf-subheadline\">Please complete the security check to access t.me</h2>\n"
                + "<form class=\"challenge-form\" id=\"challenge-form\" action=\"/s/durov?__cf_chl_captcha_tk__=x1\" "
                + "method=\"POST\">\n<div id=\"cf-hcaptcha-container\"><div class=\"h-captcha\" "
                + "data-sitekey=\"33f96e6a-38cd-421b-bb68-7806e1764460\"></div></div>\n</form>\n"
                + footer() + "</div>\n</div>\n</body>\n</html>\n";
    }

    /** Cloudflare's managed challenge ("Just a moment..."): a script checks the browser, no page content. */
    public static String challengePage() {
        return "<!DOCTYPE html><html lang=\"en-US\"><head><title>Just a moment...</title>"
                + "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">"
                + "<meta name=\"robots\" content=\"noindex,nofollow\"><meta http-equiv=\"refresh\" content=\"390\">"
                + "</head><body class=\"no-js\"><div class=\"main-wrapper\" role=\"main\"><div class=\"main-content\">"
                + "<h1 class=\"zone-name-title h1\">t.me</h1><h2 class=\"h2\" id=\"challenge-running\">Checking if the"
                + " site connection is secure</h2><noscript><div id=\"challenge-error-title\"><span>Enable JavaScript"
                + " and cookies to continue</span></div></noscript><div id=\"challenge-body-text\" class=\"core-msg\">"
                + "t.me needs to review the security of your connection before proceeding.</div>"
                + "<form id=\"challenge-form\" action=\"/s/durov?__cf_chl_f_tk=a1b2\" method=\"POST\">"
                + "<input type=\"hidden\" name=\"md\" value=\"x\"></form></div></div><script>(function(){"
                + "window._cf_chl_opt={cvId: '2',cZone: \"t.me\",cType: 'managed',cRay: '" + CF_RAY + "'};"
                + "var cpo = document.createElement('script');"
                + "cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=" + CF_RAY + "';"
                + "document.getElementsByTagName('head')[0].appendChild(cpo);}());</script>"
                + "<div class=\"footer\" role=\"contentinfo\"><div class=\"ray-id\">Ray ID: <code>" + CF_RAY
                + "</code></div><div id=\"footer-text\">Performance &amp; security by Cloudflare</div></div>"
                + "</body></html>";
    }

    /**
     * The recorded {@code /s/} page of {@code recordedChannel} with every {@code tgme_widget_message*} class
     * renamed ({@code tgme_widget_post*}), as if t.me had renamed its message markup: the header and the
     * {@code data-post} blocks are there, no post can be read.
     */
    public static String headerWithoutPosts(String recordedChannel) {
        return recorded(recordedChannel).replace("tgme_widget_message", "tgme_widget_post");
    }

    /** The recorded page with its message history section removed: a header, no posts, no "No posts found". */
    public static String historyRemoved(String recordedChannel) {
        return recorded(recordedChannel).replaceAll(
                "(?s)<section class=\"tgme_channel_history js-message_history\">.*?</section>", "");
    }

    /** The first half of the recorded page: an answer cut off mid-way, without its {@code </html>}. */
    public static String truncated(String recordedChannel) {
        String page = recorded(recordedChannel);
        return page.substring(0, page.length() / 2);
    }

    /** What nginx sends with its error page. */
    public static Map<String, String> nginxHeaders() {
        return Map.of("content-type", "text/html", "server", "nginx");
    }

    /** What Cloudflare sends with its pages: its server name and a ray id. */
    public static Map<String, String> cloudflareHeaders() {
        return cloudflareHeaders(Map.of());
    }

    /** {@link #cloudflareHeaders()} plus {@code extra} (e.g. a {@code retry-after}). */
    public static Map<String, String> cloudflareHeaders(Map<String, String> extra) {
        Map<String, String> headers = new HashMap<>(Map.of("content-type", HTML, "server", "cloudflare",
                "cf-ray", CF_RAY, "cache-control", "private, max-age=0, no-store, no-cache, must-revalidate"));
        headers.putAll(extra);
        return Map.copyOf(headers);
    }

    private static String footer() {
        return "<div class=\"cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center\">"
                + "<p class=\"text-13\"><span class=\"cf-footer-item\">Cloudflare Ray ID: <strong>" + CF_RAY
                + "</strong></span><span class=\"cf-footer-separator\">&bull;</span>"
                + "<span class=\"cf-footer-item\">Performance &amp; security by <a href=\"https://www.cloudflare.com/"
                + "5xx-error-landing\" target=\"_blank\">Cloudflare</a></span></p></div>\n";
    }

    private static String recorded(String channel) {
        return RecordedPages.shared().channelPage(channel)
                .orElseThrow(() -> new IllegalArgumentException("no recorded /s/ page for " + channel));
    }

    private static String phrase(int status) {
        return switch (status) {
            case 403 -> "Forbidden";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Temporarily Unavailable";
            case 504 -> "Gateway Time-out";
            default -> "Error";
        };
    }

    private static String sentence(String phrase) {
        String lower = phrase.toLowerCase(Locale.ROOT);
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }
}
