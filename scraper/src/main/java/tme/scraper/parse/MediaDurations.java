package tme.scraper.parse;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import tme.scraper.model.PlayTime;

/** Reads the play time t.me prints on players: {@code M:SS} or {@code H:MM:SS}. */
final class MediaDurations {

    /** Groups: first, second and optional third number. */
    private static final Pattern CLOCK = Pattern.compile("(\\d{1,6}):(\\d{2})(?::(\\d{2}))?");

    private MediaDurations() {}

    /** The element's text as a play time; null when there is no element or it is blank. */
    static PlayTime of(Element element) {
        return element == null ? null : parse(element.text());
    }

    /** {@code formatted} as shown, with {@code length} null when the text is not a clock time. */
    static PlayTime parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String formatted = text.strip();
        return new PlayTime(formatted, length(formatted));
    }

    private static Duration length(String formatted) {
        Matcher m = CLOCK.matcher(formatted);
        if (!m.matches()) {
            return null;
        }
        long first = Long.parseLong(m.group(1));
        int second = Integer.parseInt(m.group(2));
        if (m.group(3) == null) {
            return second < 60 ? Duration.ofMinutes(first).plusSeconds(second) : null;
        }
        int third = Integer.parseInt(m.group(3));
        if (second >= 60 || third >= 60) {
            return null;
        }
        return Duration.ofHours(first).plusMinutes(second).plusSeconds(third);
    }
}
