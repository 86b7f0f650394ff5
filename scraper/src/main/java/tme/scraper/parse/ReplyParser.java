package tme.scraper.parse;

import org.jsoup.nodes.Element;
import tme.scraper.model.Reply;

/** The "in reply to" block: t.me's link to the replied-to post with its author, quote and thumbnail. */
final class ReplyParser {

    /** A reply block with nothing readable in it: no reply, as the answer leaves empty objects out. */
    private static final Reply NOTHING = new Reply(null, null, null, null);

    private ReplyParser() {}

    static Reply parse(Element bubble) {
        Element reply = bubble.selectFirst(Dom.query(Selectors.REPLY));
        if (reply == null) {
            return null;
        }
        Element author = Dom.first(reply, Selectors.REPLY_AUTHOR_NAME, Selectors.REPLY_AUTHOR_BOX);
        Element quote = Dom.first(reply, Selectors.REPLY_QUOTE, Selectors.REPLY_QUOTE_LOOSE);
        Reply parsed = new Reply(
                Dom.trailingId(reply.attr("href")),
                TextParser.shown(author),
                TextParser.shown(quote),
                Urls.background(reply.selectFirst(Dom.query(Selectors.REPLY_THUMB))));
        return parsed.equals(NOTHING) ? null : parsed;
    }
}
