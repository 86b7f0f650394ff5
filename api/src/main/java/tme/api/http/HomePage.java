package tme.api.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;
import tme.api.feed.HtmlText;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Post;

/**
 * The page at {@code /}: paste channel names or links, see each channel's card (its avatar through its durable link,
 * title, subscribers, last post) or why it failed, and copy its feed URLs. Plain HTML with its style inline: no
 * script, no font, nothing from another host, so it works in any browser, with JavaScript off, and offline.
 */
final class HomePage {

    /** One line of the request: the channel it names and its page, or why there is none. */
    record Card(String asked, String name, ChannelPage page, String problem) {

        static Card of(String asked, String name, ChannelPage page) {
            return new Card(asked, name, page, null);
        }

        static Card failed(String asked, String name, String problem) {
            return new Card(asked, name, null, problem);
        }
    }

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private HomePage() {}

    /**
     * The page for {@code asked} (what was pasted, as sent) and its cards; {@code base}: where the feeds live; {@code
     * depth}: how deep the feed URLs it names read each channel ({@code pages}, kept in the form).
     */
    static String render(String asked, List<Card> cards, String base, FeedDepth depth, boolean docs) {
        StringBuilder html = new StringBuilder(4096).append("""
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>tme-api: Telegram channels as JSON and feeds</title>
                <style>
                body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
                textarea{width:100%;font:inherit}button{font:inherit;padding:.3rem 1rem}
                .card{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0;display:flex;gap:1rem}
                .card img{width:64px;height:64px;border-radius:50%}.card>div{flex:1;min-width:0}
                .failed{border-color:#c33;background:#fff5f5}
                code,input.url{font:13px monospace}input.url{width:100%;box-sizing:border-box;border:0;background:#f4f4f4;padding:2px 4px}
                dl{display:grid;grid-template-columns:max-content 1fr max-content;gap:.2rem .6rem;margin:.3rem 0}
                dt{font-weight:600}dd{margin:0}
                </style></head><body>
                <h1>tme-api</h1>
                <p>Public Telegram channels as JSON, feeds (Atom, RSS, JSON Feed) and push. Paste channel names or
                links, one per line or separated by commas: <code>durov</code>, <code>@durov</code>,
                <code>https://t.me/durov</code>.</p>
                <form method="get" action="/"><textarea name="channels" rows="3" placeholder="durov, @meduzalive, https://t.me/topwar_official">""")
                .append(escape(asked)).append("</textarea>")
                .append(depth.pages() == 1 ? "" : "<input type=\"hidden\" name=\"pages\" value=\"" + depth.pages() + "\">")
                .append("<p><button type=\"submit\">Show</button></p></form>\n");
        for (Card card : cards) {
            html.append(card.page() != null ? channel(card, base, depth) : failed(card));
        }
        List<String> names = cards.stream().filter(card -> card.page() != null).map(Card::name).distinct().toList();
        if (names.size() > 1) {
            html.append(merged(names, base, depth));
        }
        html.append("<p>").append(docs ? "<a href=\"/docs\">API reference</a> · <a href=\"/graphiql/\">GraphiQL</a> · "
                : "").append("<a href=\"/openapi.json\">OpenAPI</a> · <a href=\"/healthz\">health</a></p>\n");
        return html.append("</body></html>\n").toString();
    }

    private static String channel(Card card, String base, FeedDepth depth) {
        ChannelPage page = card.page();
        String name = card.name();
        String title = page.channel().title() == null ? "@" + name : page.channel().title().string();
        String subscribers = page.channel().counters() == null ? null : page.channel().counters().subscribers();
        StringBuilder html = new StringBuilder("<div class=\"card\" id=\"").append(escape(name)).append("\">");
        if (page.channel().avatar() != null) {
            html.append("<img alt=\"\" src=\"/v1/media/").append(escape(name)).append("/avatar\">");
        }
        html.append("<div><h2 class=\"title\">").append(escape(title)).append("</h2><p><a href=\"https://t.me/")
                .append(escape(name)).append("\">t.me/").append(escape(name)).append("</a>");
        if (subscribers != null) {
            html.append(" · ").append(escape(subscribers)).append(" subscribers");
        }
        lastPost(page).ifPresent(when -> html.append(" · last post ").append(when));
        html.append("</p><dl>")
                .append(url("Atom", base + "/feeds/" + name + ".atom" + depth.query()))
                .append(url("RSS", base + "/feeds/" + name + ".rss" + depth.query()))
                .append(url("JSON Feed", base + "/feeds/" + name + ".json" + depth.query()))
                .append(url("JSON", base + "/v1/body/" + name))
                .append(url("Live (Server-Sent Events)", base + "/v1/stream?channels=" + name));
        return html.append("</dl></div></div>\n").toString();
    }

    private static java.util.Optional<String> lastPost(ChannelPage page) {
        return page.posts().stream().map(Post::footer).filter(footer -> footer != null && footer.date() != null)
                .mapToLong(footer -> footer.date().unix()).max().stream().boxed().findFirst()
                .map(unix -> WHEN.format(Instant.ofEpochSecond(unix)));
    }

    private static String failed(Card card) {
        return "<div class=\"card failed\"><div><h2>" + escape(card.asked()) + "</h2><p class=\"problem\">"
                + escape(card.problem()) + "</p></div></div>\n";
    }

    private static String merged(List<String> names, String base, FeedDepth depth) {
        String joined = String.join("+", names);
        return "<div class=\"card\" id=\"all\"><div><h2>All of them</h2><dl>"
                + url("Merged Atom", base + "/feeds/" + joined + ".atom" + depth.query())
                + url("Merged RSS", base + "/feeds/" + joined + ".rss" + depth.query())
                + url("OPML (import into a feed reader)", base + "/feeds.opml?channels="
                        + names.stream().collect(Collectors.joining(",")) + depth.andQuery())
                + "</dl></div></div>\n";
    }

    /** A labelled URL to copy: selectable text in a read-only field, and a link. */
    private static String url(String label, String url) {
        String escaped = escape(url);
        return "<dt>" + escape(label) + "</dt><dd><input class=\"url\" readonly value=\"" + escaped
                + "\" aria-label=\"" + escape(label) + "\"></dd><dd><a href=\"" + escaped + "\">open</a></dd>";
    }

    /** Text for HTML content and double-quoted attributes. */
    static String escape(String text) {
        return HtmlText.escape(text);
    }
}
