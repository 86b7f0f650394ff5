package tme.scraper.parse;

import java.util.Locale;
import org.jsoup.nodes.Element;
import tme.scraper.model.Rich;
import tme.scraper.model.ServiceMessage;

/**
 * Service messages ("Channel created", renamed, new photo or video, pinned). t.me marks the message with
 * {@code service_message}; the kind comes from structure where t.me offers any (the new photo element, the
 * pinning actor's link, the quoted new name) and from t.me's English wording only where it offers none.
 */
final class ServiceParser {

    private ServiceParser() {}

    static ServiceMessage parse(Element message, Element bubble, Element textNode) {
        if (!message.hasClass(Selectors.SERVICE_CLASS)) {
            return null;
        }
        Rich text = textNode == null ? new Rich("", "") : TextParser.rich(textNode);
        String words = text.string().strip().toLowerCase(Locale.ROOT);
        Element photo = bubble.selectFirst(Dom.query(Selectors.SERVICE_PHOTO));
        if (photo != null || message.hasClass(Selectors.SERVICE_PHOTO_CLASS)) {
            boolean video = photo != null && photo.selectFirst(Dom.query(Selectors.SERVICE_PHOTO_VIDEO)) != null;
            return words.contains(Selectors.VIDEO_WORD) || video
                    ? new ServiceMessage.VideoChanged(text)
                    : new ServiceMessage.PhotoChanged(text, photoUrl(photo));
        }
        Element scope = textNode != null ? textNode : bubble;
        Element strong = scope.selectFirst(Dom.query(Selectors.SERVICE_STRONG));
        String quoted = strong == null ? null : Dom.blankToNull(strong.text());
        if (scope.selectFirst(Dom.query(Selectors.SERVICE_ACTOR)) != null || words.contains(Selectors.PINNED_WORD)) {
            return new ServiceMessage.Pinned(text, pinnedId(strong), quoted);
        }
        if (words.equals(Selectors.CREATED_WORDS)) {
            return new ServiceMessage.ChannelCreated(text);
        }
        if (quoted != null) {
            return new ServiceMessage.Renamed(text, quoted);
        }
        return new ServiceMessage.Other(text);
    }

    private static String photoUrl(Element photo) {
        if (photo == null) {
            return null;
        }
        Element img = photo.selectFirst(Dom.query(Selectors.SERVICE_PHOTO_IMG));
        return img != null ? Urls.absolute(img.attr("src")) : Urls.background(photo);
    }

    /** The pinned post's id, when t.me links the quote to it. */
    private static Integer pinnedId(Element strong) {
        if (strong == null) {
            return null;
        }
        Element link = strong.closest(Dom.query(Selectors.SERVICE_LINK));
        if (link == null) {
            link = strong.selectFirst(Dom.query(Selectors.SERVICE_LINK));
        }
        return link == null ? null : Dom.trailingId(link.attr("href"));
    }
}
