package tme.scraper.parse;

import java.util.List;
import java.util.function.Supplier;
import org.jsoup.nodes.Element;
import tme.scraper.model.Content;
import tme.scraper.model.Footer;
import tme.scraper.model.Forwarded;
import tme.scraper.model.InlineButton;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.model.Text;

/**
 * One message element to a {@link Post}. Every part is read on its own: a part that throws is left out
 * (null/empty), logged, and marks the post odd, so one markup surprise never loses the rest of the post.
 * Missing optional nodes are not odd: they simply give null/empty.
 */
final class PostParser {

    private static final System.Logger LOG = System.getLogger(PostParser.class.getName());

    /** A parsed post, or a null post when the message has no readable id; {@code odd} when any part failed. */
    record Result(Post post, boolean odd) {}

    private final Element message;
    private final Element bubble;
    private final ParserMode mode;
    private final int id;
    private boolean odd;

    private PostParser(Element message, ParserMode mode, int id) {
        this.message = message;
        Element found = message.selectFirst(Dom.query(Selectors.BUBBLE));
        this.bubble = found != null ? found : message;
        this.mode = mode;
        this.id = id;
    }

    static Result parse(Element message, ParserMode mode) {
        Integer id = Dom.trailingId(message.attr(Selectors.POST_ID_ATTR));
        if (id == null) {
            LOG.log(System.Logger.Level.WARNING, "skipped a message without a readable data-post: {0}",
                    message.attr(Selectors.POST_ID_ATTR));
            return new Result(null, true);
        }
        PostParser parser = new PostParser(message, mode, id);
        Post post = parser.post();
        return new Result(post, parser.odd);
    }

    private Post post() {
        String view = Dom.blankToNull(message.attr(Selectors.VIEW_ATTR));
        Content content = part("content", this::content, Content.EMPTY);
        return new Post(id, view, content, footer(), part("forwarded", this::forwarded, null));
    }

    private Content content() {
        Element textNode = part("text", () -> ownText(bubble), null);
        Text text = textNode == null ? null : part("text", () -> TextParser.text(textNode, full()), null);
        List<Media> media = part("media", () -> MediaParser.parse(bubble), List.of());
        List<InlineButton> inline = part("inline buttons", () -> InlineKeyboardParser.parse(message), List.of());
        if (!full()) {
            return new Content(text, media, null, inline, null, null, List.of(), null);
        }
        return new Content(text, media,
                part("poll", () -> PollParser.parse(bubble), null),
                inline,
                part("reply", () -> ReplyParser.parse(bubble), null),
                part("link preview", () -> LinkPreviewParser.parse(bubble), null),
                part("reactions", () -> ReactionParser.parse(message), List.<Reaction>of()),
                part("service message", () -> ServiceParser.parse(message, bubble, textNode), null));
    }

    private Footer footer() {
        return new Footer(
                part("views", () -> Dom.text(bubble, Selectors.VIEWS), null),
                part("edited mark", () -> FooterParser.edited(bubble), false),
                part("author signature", () -> FooterParser.author(bubble), null),
                part("date", () -> FooterParser.date(bubble), null));
    }

    private Forwarded forwarded() {
        Element from = bubble.selectFirst(Dom.query(Selectors.FORWARDED_NAME));
        if (from == null) {
            return null;
        }
        Element span = from.selectFirst(Dom.query(Selectors.NAME_SPAN));
        String url = from.hasAttr("href") ? Urls.link(from.attr("href")) : null;
        return new Forwarded(TextParser.rich(span != null ? span : from), url);
    }

    /**
     * The post's own text: the first text node that is not the reply's quote (which t.me also classes
     * {@code tgme_widget_message_text}, and which comes first). Album captions nest an identical text div
     * inside the text div: we take the innermost, so the HTML carries no stray wrapper.
     */
    static Element ownText(Element bubble) {
        for (Element candidate : bubble.select(Dom.query(Selectors.TEXT))) {
            boolean inReply = candidate.closest(Dom.query(Selectors.REPLY)) != null;
            if (candidate.hasClass(Selectors.REPLY_TEXT_CLASS) || inReply) {
                continue;
            }
            return innermost(candidate);
        }
        return null;
    }

    private static Element innermost(Element text) {
        Element node = text;
        while (node.childrenSize() == 1 && node.child(0).is(Dom.query(Selectors.TEXT)) && node.ownText().isBlank()) {
            node = node.child(0);
        }
        return node;
    }

    private boolean full() {
        return mode == ParserMode.FULL;
    }

    private <T> T part(String name, Supplier<T> step, T fallback) {
        try {
            T value = step.get();
            return value != null ? value : fallback;
        } catch (RuntimeException e) {
            odd = true;
            LOG.log(System.Logger.Level.WARNING, "post {0}: could not read its {1}: {2}", id, name, e.toString());
            return fallback;
        }
    }
}
