package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Element;
import tme.scraper.model.Poll;

/** A poll: question, type, voter count (from the footer line) and options with their percentages. */
final class PollParser {

    /** A poll block (or option) with nothing readable in it is left out, as the answer leaves empty objects out. */
    private static final Poll NOTHING = new Poll(null, null, null, List.of());

    private PollParser() {}

    static Poll parse(Element bubble) {
        Element poll = bubble.selectFirst(Dom.query(Selectors.POLL));
        if (poll == null) {
            return null;
        }
        List<Poll.Option> options = new ArrayList<>();
        for (Element option : poll.select(Dom.query(Selectors.POLL_OPTION))) {
            Poll.Option parsed = new Poll.Option(Dom.text(option, Selectors.POLL_OPTION_TEXT),
                    percent(Dom.text(option, Selectors.POLL_OPTION_PERCENT)));
            if (parsed.name() != null || parsed.percent() != null) {
                options.add(parsed);
            }
        }
        Poll parsed = new Poll(Dom.text(poll, Selectors.POLL_QUESTION), Dom.text(poll, Selectors.POLL_TYPE),
                Dom.text(bubble, Selectors.POLL_VOTERS), options);
        return parsed.equals(NOTHING) ? null : parsed;
    }

    private static Integer percent(String shown) {
        if (shown == null) {
            return null;
        }
        String digits = shown.endsWith("%") ? shown.substring(0, shown.length() - 1).strip() : shown;
        return digits.equals("0") ? Integer.valueOf(0) : Dom.positiveInt(digits);
    }
}
