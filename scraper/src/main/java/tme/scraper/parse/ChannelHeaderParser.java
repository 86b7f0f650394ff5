package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.model.Channel;
import tme.scraper.model.Counters;
import tme.scraper.model.Rich;

/** The channel header of a {@code t.me/s/<channel>} page (the caller has checked that the header exists). */
final class ChannelHeaderParser {

    private ChannelHeaderParser() {}

    static Channel parse(Document doc, Element header) {
        return new Channel(username(header), title(header), description(doc), avatar(doc), counters(doc),
                labels(header));
    }

    private static String username(Element header) {
        Element link = header.selectFirst(Dom.query(Selectors.CHANNEL_USERNAME));
        if (link == null) {
            return null;
        }
        String text = Dom.blankToNull(link.text());
        if (text != null) {
            return text.startsWith("@") ? Dom.blankToNull(text.substring(1)) : text;
        }
        String href = Dom.blankToNull(link.attr("href"));
        return href == null ? null : Dom.blankToNull(href.substring(href.lastIndexOf('/') + 1));
    }

    private static Rich title(Element header) {
        Element span = header.selectFirst(Dom.query(Selectors.CHANNEL_TITLE));
        Element node = span != null ? span : header.selectFirst(Dom.query(Selectors.CHANNEL_TITLE_BOX));
        return TextParser.shown(node);
    }

    private static Rich description(Document doc) {
        return TextParser.shown(doc.selectFirst(Dom.query(Selectors.CHANNEL_DESCRIPTION)));
    }

    /** og:image is the full-size picture; the header's img is the fallback. Channels without a photo have neither. */
    private static String avatar(Document doc) {
        Element meta = doc.selectFirst(Dom.query(Selectors.CHANNEL_AVATAR_META));
        String fromMeta = meta == null ? null : Urls.absolute(meta.attr("content"));
        if (fromMeta != null) {
            return fromMeta;
        }
        Element img = doc.selectFirst(Dom.query(Selectors.CHANNEL_AVATAR_IMG));
        return img == null ? null : Urls.absolute(img.attr("src"));
    }

    private static Counters counters(Document doc) {
        String subscribers = null;
        String photos = null;
        String videos = null;
        String files = null;
        String links = null;
        for (Element counter : doc.select(Dom.query(Selectors.CHANNEL_COUNTER))) {
            String value = Dom.text(counter, Selectors.COUNTER_VALUE);
            String type = Dom.text(counter, Selectors.COUNTER_TYPE);
            if (value == null || type == null) {
                continue;
            }
            // t.me writes "1 subscriber", "1 photo": singular and plural land in the same field.
            switch (plural(type)) {
                case "subscribers" -> subscribers = value;
                case "photos" -> photos = value;
                case "videos" -> videos = value;
                case "files" -> files = value;
                case "links" -> links = value;
                default -> { } // a counter kind we do not know yet: ignored, not an error
            }
        }
        return new Counters(subscribers, photos, videos, files, links);
    }

    private static String plural(String type) {
        String lower = type.toLowerCase(Locale.ROOT);
        return lower.endsWith("s") ? lower : lower + "s";
    }

    private static List<String> labels(Element header) {
        List<String> labels = new ArrayList<>();
        for (Element icon : header.select(Dom.query(Selectors.CHANNEL_LABEL))) {
            for (String name : icon.classNames()) {
                if (name.endsWith(Selectors.LABEL_SUFFIX) && name.length() > Selectors.LABEL_SUFFIX.length()) {
                    labels.add(name.substring(0, name.length() - Selectors.LABEL_SUFFIX.length()));
                }
            }
        }
        return labels;
    }
}
