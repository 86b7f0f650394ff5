package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Element;
import tme.scraper.model.Reaction;

/** Reactions under a post: paid stars, custom emoji (by id) and standard emoji, with counts as shown. */
final class ReactionParser {

    private ReactionParser() {}

    static List<Reaction> parse(Element message) {
        List<Reaction> reactions = new ArrayList<>();
        for (Element node : message.select(Dom.query(Selectors.REACTION))) {
            Reaction reaction = reaction(node);
            if (reaction != null) {
                reactions.add(reaction);
            }
        }
        return reactions;
    }

    /** The count is the reaction's own text ({@code <span><i ...></i>26.7K</span>}); unknown kinds give null. */
    private static Reaction reaction(Element node) {
        String count = Dom.blankToNull(node.ownText());
        if (node.hasClass(Selectors.REACTION_PAID_CLASS)) {
            return new Reaction.Paid(count);
        }
        Element custom = node.selectFirst(Dom.query(Selectors.CUSTOM_EMOJI));
        // Without its id a custom emoji is told by its fallback emoji image only, as in texts.
        if (custom != null && !custom.attr(Selectors.CUSTOM_EMOJI_ID_ATTR).isBlank()) {
            Element fallback = custom.selectFirst(Dom.query(Selectors.EMOJI));
            return new Reaction.CustomEmoji(custom.attr(Selectors.CUSTOM_EMOJI_ID_ATTR).strip(),
                    fallback == null ? null : Dom.text(fallback, Selectors.EMOJI_GLYPH),
                    Urls.background(fallback), count);
        }
        Element emoji = node.selectFirst(Dom.query(Selectors.EMOJI));
        if (emoji != null) {
            return new Reaction.Emoji(Dom.text(emoji, Selectors.EMOJI_GLYPH), Urls.background(emoji), count);
        }
        return null;
    }
}
