package tme.api.feed;

import com.rometools.rome.feed.rss.Channel;
import java.util.ArrayList;
import java.util.List;
import org.jdom2.Element;
import org.jdom2.Namespace;

/**
 * WebSub discovery in RSS 2.0 (W3C WebSub 4): RSS has no links of its own kind, so the hub and the feed's own URL go
 * in as Atom's {@code <atom:link rel="hub">} and {@code <atom:link rel="self">} inside {@code <channel>}, as feed
 * readers look for them. Atom feeds carry them as ordinary links; JSON Feed as {@code hubs}.
 */
final class WebSubLinks {

    private static final Namespace ATOM = Namespace.getNamespace("atom", "http://www.w3.org/2005/Atom");

    private WebSubLinks() {}

    static void addTo(Channel channel, FeedInfo info) {
        if (info.hubUrl() == null) {
            return;
        }
        List<Element> markup = new ArrayList<>(channel.getForeignMarkup());
        markup.add(link("hub", info.hubUrl()));
        markup.add(link("self", info.selfUrl()));
        channel.setForeignMarkup(markup);
    }

    private static Element link(String rel, String href) {
        return new Element("link", ATOM).setAttribute("rel", rel).setAttribute("href", href);
    }
}
