package tme.scraper.testing;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * t.me's in-channel search page ({@code /s/<channel>?q=...[&before=N]}) made from a recorded channel page, shaped as
 * t.me's own search pages are (see {@code tme/README.md}, "search pages"): the recorded page with only the posts
 * that hold every word of the query, newest {@code size} of those older than {@code before}, each match in the
 * text and the link preview wrapped in {@code <mark class="highlight">}; the query echoed in the header's search box (its form marked
 * {@code has_value}); a "more" link and {@code <link rel="prev">} to older matches ({@code ?q=...&before=N}) when
 * some remain, and {@code <link rel="canonical">} to the page itself; with no match, t.me's "No posts found" wrap
 * and no page links.
 *
 * <p>Matching as t.me's search does for the recorded posts: every word of the query, case-insensitive, as a whole
 * word of the post's text or link preview; {@code #tag} only as the hashtag, a plain word also inside one.
 */
public final class SearchPage {

    private static final Pattern WORD = Pattern.compile("[#$]?[\\p{L}\\p{N}\\p{M}_]+");
    private static final String NO_POSTS = "<div class=\"tgme_widget_message_wrap js-widget_message_wrap\">"
            + "<div class=\"tgme_widget_message_centered\"><div class=\"tme_no_messages_found\">No posts found</div>"
            + "</div></div>";

    private SearchPage() {}

    /** The search page for {@code query} ({@code before}: null for the newest matches), {@code size} posts at most. */
    public static String of(String pageHtml, String query, Integer before, int size) {
        Document page = Jsoup.parse(pageHtml);
        page.outputSettings().prettyPrint(false);
        List<String> words = List.of(query.strip().toLowerCase(Locale.ROOT).split("\\s+"));
        List<Element> matches = new ArrayList<>();
        for (Element wrap : page.select(".tgme_widget_message_wrap:has(> .tgme_widget_message[data-post])")) {
            Element message = wrap.selectFirst("> .tgme_widget_message[data-post]");
            if (message != null && id(message) < (before == null ? Integer.MAX_VALUE : before) && holds(wrap, words)) {
                matches.add(wrap);
            }
        }
        matches.sort(Comparator.comparingInt(wrap -> id(wrap.selectFirst("[data-post]"))));
        List<Element> shown = matches.subList(Math.max(0, matches.size() - size), matches.size());
        String channel = page.selectFirst("[data-post]") == null ? "" : page.selectFirst("[data-post]").attr("data-post")
                .split("/", 2)[0];
        String base = "/s/" + channel + "?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&before=";
        boolean remain = shown.size() < matches.size();
        echo(page, query);
        links(page, shown, base, remain);
        history(page, shown, words, base, remain);
        return page.outerHtml();
    }

    private static int id(Element message) {
        String post = message.attr("data-post");
        return Integer.parseInt(post.substring(post.indexOf('/') + 1));
    }

    /** Every query word is a word of the post's text or link preview ({@code #x} only as a hashtag). */
    private static boolean holds(Element wrap, List<String> query) {
        List<String> words = new ArrayList<>();
        for (Element part : wrap.select(".js-message_text, .tgme_widget_message_link_preview")) {
            Matcher matcher = WORD.matcher(part.text().toLowerCase(Locale.ROOT));
            while (matcher.find()) {
                words.add(matcher.group());
            }
        }
        return query.stream().allMatch(word -> words.contains(word)
                || !word.startsWith("#") && !word.startsWith("$") && (words.contains("#" + word) || words.contains("$" + word)));
    }

    private static void echo(Document page, String query) {
        Element form = page.selectFirst("form.tgme_header_search_form");
        if (form != null) {
            form.addClass("has_value");
            Element input = form.selectFirst("input[name=q]");
            if (input != null) {
                input.attr("value", query);
            }
        }
    }

    private static void links(Document page, List<Element> shown, String base, boolean remain) {
        page.select("head link[rel=prev], head link[rel=next], head link[rel=canonical]").remove();
        if (shown.isEmpty()) {
            return;
        }
        Element icon = page.selectFirst("head link[rel=icon]");
        String links = (remain ? "<link rel=\"prev\" href=\"" + base + id(shown.getFirst().selectFirst("[data-post]"))
                + "\">\n" : "") + "<link rel=\"canonical\" href=\"" + base
                + (id(shown.getLast().selectFirst("[data-post]")) + 1) + "\">\n";
        if (icon != null) {
            icon.before(links);
        } else {
            page.head().append(links);
        }
    }

    private static void history(Document page, List<Element> shown, List<String> words, String base, boolean remain) {
        Element history = page.selectFirst("section.tgme_channel_history");
        if (history == null) {
            return;
        }
        List<Element> posts = shown.stream().map(Element::clone).toList();
        posts.forEach(wrap -> highlight(wrap, words));
        history.empty();
        if (posts.isEmpty()) {
            history.append(NO_POSTS);
            return;
        }
        if (remain) {
            int oldest = id(posts.getFirst().selectFirst("[data-post]"));
            history.append("<div class=\"tgme_widget_message_centered js-messages_more_wrap\"><a href=\"" + base + oldest
                    + "\" class=\"tme_messages_more js-messages_more\" data-before=\"" + oldest + "\"></a></div>");
        }
        posts.forEach(history::appendChild);
    }

    /** Wraps each matching word of the post's text and link preview in {@code <mark class="highlight">}, as t.me does. */
    private static void highlight(Element wrap, List<String> words) {
        for (Element text : wrap.select(".js-message_text, .link_preview_title, .link_preview_description")) {
            for (TextNode node : textNodes(text)) {
                mark(node, words);
            }
        }
    }

    private static List<TextNode> textNodes(Element root) {
        List<TextNode> nodes = new ArrayList<>();
        root.traverse((node, depth) -> {
            if (node instanceof TextNode text) {
                nodes.add(text);
            }
        });
        return nodes;
    }

    private static void mark(TextNode node, List<String> words) {
        String text = node.getWholeText();
        Matcher matcher = WORD.matcher(text);
        List<Node> parts = new ArrayList<>();
        int at = 0;
        while (matcher.find()) {
            String word = matcher.group().toLowerCase(Locale.ROOT);
            String bare = word.replaceFirst("^[#$]", "");
            if (words.contains(word) || words.contains(bare)) {
                parts.add(new TextNode(text.substring(at, matcher.start())));
                parts.add(new Element("mark").addClass("highlight").text(matcher.group()));
                at = matcher.end();
            }
        }
        if (parts.isEmpty()) {
            return;
        }
        parts.add(new TextNode(text.substring(at)));
        for (Node part : parts) {
            node.before(part);
        }
        node.remove();
    }
}
