package tme.scraper.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import tme.scraper.model.Media;

/**
 * Media of one message bubble, in page order. Pure and lenient: a block with missing parts yields what it
 * has (nulls for the rest), and nothing here throws on odd markup.
 *
 * <p>What counts as the post's media: every media root ({@link Selectors.Media#ANY}) in the bubble except
 * those inside a link preview or a reply (their images belong to those), and except "not supported" blocks
 * that only stand beside media we already read: the one inside a video or round-video player, and, on modern
 * pages, the generic "open Telegram" block that t.me adds beside every supported container. A "not
 * supported" block standing alone means the post has media the web cannot show: it becomes
 * {@link Media.Unsupported}, so one real video never appears twice.
 */
final class MediaParser {

    private static final Evaluator ANY = Dom.query(Selectors.Media.ANY);
    private static final Evaluator FOREIGN_OWNERS = Dom.query(Selectors.Media.FOREIGN_OWNERS);
    private static final Evaluator SUPPORTED_CONT = Dom.query(Selectors.Media.SUPPORTED_CONT);
    private static final Evaluator NOT_SUPPORTED_CONT = Dom.query(Selectors.Media.NOT_SUPPORTED_CONT);
    private static final Evaluator NOT_SUPPORTED = Dom.query(Selectors.Media.NOT_SUPPORTED);
    private static final Evaluator PHOTO_INNER = Dom.query(Selectors.Media.PHOTO_INNER);
    private static final Evaluator LOCATION_MAP = Dom.query(Selectors.Media.LOCATION_MAP);
    private static final Evaluator VIEW_IN_TELEGRAM = Dom.query(Selectors.Media.VIEW_IN_TELEGRAM);

    /** Block kinds, tried in this order on each media root. */
    private static final List<Kind> KINDS = List.of(
            new Kind(Selectors.Media.PHOTO, MediaParser::photo),
            new Kind(Selectors.Media.VIDEO, MediaPlayers::video),
            new Kind(Selectors.Media.ROUND_VIDEO, MediaPlayers::roundVideo),
            new Kind(Selectors.Media.VOICE, MediaPlayers::voice),
            new Kind(Selectors.Media.DOCUMENT, MediaFiles::document),
            new Kind(Selectors.Media.STICKER, MediaFiles::sticker),
            new Kind(Selectors.Media.LOCATION, MediaParser::location),
            new Kind(Selectors.Media.NOT_SUPPORTED, MediaParser::unsupported));

    private record Kind(Evaluator root, Function<Element, Media> read) {
        Kind(String selector, Function<Element, Media> read) {
            this(Dom.query(selector), read);
        }
    }

    private MediaParser() {}

    /** {@code bubble} is the post's {@code .tgme_widget_message_bubble}, or its message element. */
    static List<Media> parse(Element bubble) {
        if (bubble == null) {
            return List.of();
        }
        boolean modernConts = bubble.selectFirst(SUPPORTED_CONT) != null;
        List<Media> media = new ArrayList<>();
        for (Element block : bubble.select(ANY)) {
            if (isOwnMedia(block, bubble, modernConts)) {
                media.add(read(block));
            }
        }
        return List.copyOf(media);
    }

    private static Media read(Element block) {
        for (Kind kind : KINDS) {
            if (block.is(kind.root())) {
                return kind.read().apply(block);
            }
        }
        throw new IllegalStateException("a media root matched no kind: " + block.className());
    }

    /** False for blocks inside a link preview, a reply or another media block, and for redundant fallbacks. */
    private static boolean isOwnMedia(Element block, Element bubble, boolean modernConts) {
        boolean notSupported = block.is(NOT_SUPPORTED);
        if (notSupported && modernConts && block.is(NOT_SUPPORTED_CONT)) {
            return false;
        }
        for (Element up = block.parent(); up != null && up != bubble; up = up.parent()) {
            if (up.is(FOREIGN_OWNERS) || up.is(ANY)) {
                return false;
            }
            if (notSupported && modernConts && up.is(NOT_SUPPORTED_CONT)) {
                return false;
            }
        }
        return true;
    }

    /** The URL is on the wrap's style; some layouts put it on the inner photo element instead. */
    private static Media photo(Element wrap) {
        String url = Urls.background(wrap);
        return new Media.Photo(url != null ? url : Urls.background(wrap.selectFirst(PHOTO_INNER)));
    }

    private static Media location(Element wrap) {
        String link = Urls.attribute(wrap, "href");
        String map = Urls.background(wrap.selectFirst(LOCATION_MAP));
        return new Media.Location(link, map, MediaLocations.position(link, map));
    }

    private static Media unsupported(Element block) {
        return new Media.Unsupported(Urls.attribute(block.selectFirst(VIEW_IN_TELEGRAM), "href"));
    }
}
