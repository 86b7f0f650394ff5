package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Element;
import tme.scraper.model.InlineButton;

/** The inline keyboard under a post: every button of every row, in reading order. */
final class InlineKeyboardParser {

    private InlineKeyboardParser() {}

    static List<InlineButton> parse(Element message) {
        List<InlineButton> buttons = new ArrayList<>();
        for (Element row : message.select(Dom.query(Selectors.INLINE_ROW))) {
            for (Element button : row.select(Dom.query(Selectors.INLINE_BUTTON))) {
                String title = Dom.text(button, Selectors.INLINE_BUTTON_TEXT);
                InlineButton parsed = new InlineButton(title != null ? title : Dom.blankToNull(button.text()),
                        button.hasAttr("href") ? Urls.link(button.attr("href")) : null);
                if (parsed.title() != null || parsed.url() != null) { // a button with neither is nothing to show
                    buttons.add(parsed);
                }
            }
        }
        return buttons;
    }
}
