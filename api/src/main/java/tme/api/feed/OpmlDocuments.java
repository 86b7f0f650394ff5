package tme.api.feed;

import com.rometools.opml.feed.opml.Attribute;
import com.rometools.opml.feed.opml.Opml;
import com.rometools.opml.feed.opml.Outline;
import com.rometools.opml.io.impl.OPML10Parser;
import com.rometools.opml.io.impl.OPML20Generator;
import com.rometools.opml.io.impl.OPML20Parser;
import com.rometools.rome.io.FeedException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jdom2.Document;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;

/**
 * OPML, the file feed readers import and export subscriptions with, both ways, with Rome's OPML module. Its parser and
 * generator are called directly rather than found through Rome's plugin table, so the XML parser is ours: it takes no
 * DOCTYPE (no entity can reach a file or a host: an OPML is a client's upload).
 */
public final class OpmlDocuments {

    /** The media type OPML is served as. */
    public static final String CONTENT_TYPE = "text/x-opml; charset=utf-8";

    /** One feed to subscribe to: its title, the feed's URL and the page it is about. */
    public record Subscription(String title, String xmlUrl, String htmlUrl) {}

    private OpmlDocuments() {}

    /** An OPML 2.0 file titled {@code title}, one outline per subscription, in order. */
    public static byte[] write(String title, List<Subscription> subscriptions) {
        Opml opml = new Opml();
        opml.setFeedType("opml_2.0");
        opml.setTitle(title);
        List<Outline> outlines = new ArrayList<>();
        for (Subscription subscription : subscriptions) {
            outlines.add(outline(subscription));
        }
        opml.setOutlines(outlines);
        return write(opml);
    }

    /** An outline for {@code subscription} ({@code type="rss"}, as readers expect of any feed). */
    public static Outline outline(Subscription subscription) {
        Outline outline = new Outline();
        outline.setText(subscription.title());
        outline.setTitle(subscription.title());
        outline.setType("rss");
        List<Attribute> attributes = new ArrayList<>();
        attributes.add(new Attribute("xmlUrl", subscription.xmlUrl()));
        if (subscription.htmlUrl() != null) {
            attributes.add(new Attribute("htmlUrl", subscription.htmlUrl()));
        }
        outline.setAttributes(attributes);
        return outline;
    }

    /** {@code opml} as OPML 2.0 bytes (UTF-8). */
    public static byte[] write(Opml opml) {
        opml.setFeedType("opml_2.0");
        try {
            Document document = new OPML20Generator().generate(opml);
            return new XMLOutputter(Format.getPrettyFormat().setEncoding("UTF-8")).outputString(document)
                    .getBytes(StandardCharsets.UTF_8);
        } catch (FeedException e) {
            throw new IllegalStateException("an OPML built here could not be written", e);
        }
    }

    /** The OPML file in {@code xml} (1.0 or 2.0); {@link IllegalArgumentException} saying why it is not one. */
    public static Opml read(byte[] xml) {
        Document document;
        try {
            document = safeBuilder().build(new ByteArrayInputStream(xml));
        } catch (JDOMException | IOException e) {
            throw new IllegalArgumentException("not well-formed XML (or it declares a DOCTYPE): " + e.getMessage());
        }
        OPML20Parser twenty = new OPML20Parser();
        OPML10Parser ten = new OPML10Parser();
        try {
            if (twenty.isMyType(document)) {
                return (Opml) twenty.parse(document, false, Locale.ROOT);
            }
            if (ten.isMyType(document)) {
                return (Opml) ten.parse(document, false, Locale.ROOT);
            }
        } catch (FeedException | RuntimeException e) {
            throw new IllegalArgumentException("not a readable OPML file: " + e.getMessage());
        }
        throw new IllegalArgumentException("not an OPML file: the root element must be <opml version=\"1.0\" or"
                + " \"2.0\">");
    }

    /** XML without DTDs or external entities: an upload names no file or host the server would read. */
    private static SAXBuilder safeBuilder() {
        SAXBuilder builder = new SAXBuilder();
        builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        builder.setFeature("http://xml.org/sax/features/external-general-entities", false);
        builder.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        builder.setExpandEntities(false);
        return builder;
    }
}
