package tme.scraper.parse;

import java.util.List;
import org.jsoup.nodes.Element;
import tme.scraper.model.Media;

/** Media of one message bubble, in page order. (Placeholder: the media task implements it.) */
final class MediaParser {

    private MediaParser() {}

    static List<Media> parse(Element bubble) {
        return List.of();
    }
}
