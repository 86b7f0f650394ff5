package tme.scraper.parse;

import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import tme.scraper.model.Media;
import tme.scraper.model.Media.Sticker.Format;

/** Media that are files: documents, music, stickers. Missing parts give nulls. */
final class MediaFiles {

    private static final Evaluator TITLE = Dom.query(Selectors.Media.DOCUMENT_TITLE);
    private static final Evaluator EXTRA = Dom.query(Selectors.Media.DOCUMENT_EXTRA);
    private static final Evaluator AUDIO_ICON = Dom.query(Selectors.Media.DOCUMENT_AUDIO_ICON);
    private static final Evaluator TGS = Dom.query(Selectors.Media.STICKER_TGS);
    private static final Evaluator TGS_SOURCE = Dom.query(Selectors.Media.STICKER_TGS_SOURCE);
    private static final Evaluator TGS_IMAGE_SOURCE = Dom.query(Selectors.Media.STICKER_TGS_IMAGE_SOURCE);
    private static final Evaluator WEBM = Dom.query(Selectors.Media.STICKER_WEBM);
    private static final Evaluator WEBP = Dom.query(Selectors.Media.STICKER_WEBP);
    private static final Evaluator VIDEO_SOURCE = Dom.query(Selectors.Media.ANY_VIDEO_SOURCE);
    private static final Evaluator IMG = Dom.query(Selectors.Media.IMG);

    /** A file size as t.me prints it, e.g. "2.1 MB" or "850 KB" (Russian units too). */
    private static final Pattern SIZE =
            Pattern.compile("\\d+(?:[.,]\\d+)?\\s*(?:B|KB|MB|GB|TB|Б|КБ|МБ|ГБ|ТБ)", Pattern.CASE_INSENSITIVE);

    private MediaFiles() {}

    /**
     * A document block. With the audio icon it is music, whose extra line names the performer (or, if that
     * looks like a size, the size); otherwise the extra line is the file size.
     */
    static Media document(Element wrap) {
        String title = text(wrap.selectFirst(TITLE));
        String extra = text(wrap.selectFirst(EXTRA));
        if (wrap.selectFirst(AUDIO_ICON) == null) {
            return new Media.Document(title, extra);
        }
        boolean isSize = extra != null && SIZE.matcher(extra).matches();
        return isSize ? new Media.Audio(title, null, extra) : new Media.Audio(title, extra, null);
    }

    /**
     * The video sticker is checked before the webp one because a webm sticker may carry a still
     * fallback image. Thumbs come from inside the chosen sticker element, never from a {@code <source>}'s own
     * children (the prior art's bug): an {@code <img>}, or the tgs picture's image source.
     */
    static Media sticker(Element wrap) {
        Element tgs = wrap.selectFirst(TGS);
        if (tgs != null) {
            String thumb = firstNonNull(Urls.attribute(tgs.selectFirst(IMG), "src"),
                    srcset(tgs.selectFirst(TGS_IMAGE_SOURCE)));
            return new Media.Sticker(Format.TGS, srcset(tgs.selectFirst(TGS_SOURCE)), thumb);
        }
        Element webm = wrap.selectFirst(WEBM);
        if (webm != null) {
            String thumb = firstNonNull(Urls.attribute(webm.selectFirst(IMG), "src"), Urls.background(webm));
            return new Media.Sticker(Format.WEBM, Urls.attribute(webm.selectFirst(VIDEO_SOURCE), "src"), thumb);
        }
        Element webp = wrap.selectFirst(WEBP);
        if (webp != null) {
            return webp(webp);
        }
        return new Media.Sticker(null, null, null);
    }

    /** The file is in {@code data-webp}; older markup shows it as the background, which is otherwise the thumb. */
    private static Media webp(Element sticker) {
        String file = Urls.attribute(sticker, Selectors.Media.STICKER_WEBP_ATTR);
        String background = Urls.background(sticker);
        if (file == null) {
            return new Media.Sticker(Format.WEBP, background, null);
        }
        return new Media.Sticker(Format.WEBP, file, file.equals(background) ? null : background);
    }

    /** The first URL of a {@code srcset} (descriptors such as "2x" dropped). */
    private static String srcset(Element source) {
        if (source == null) {
            return null;
        }
        String first = source.attr("srcset").strip().split("\\s+", 2)[0];
        return Urls.absolute(first.endsWith(",") ? first.substring(0, first.length() - 1) : first);
    }

    private static String text(Element element) {
        if (element == null) {
            return null;
        }
        String text = element.text();
        return text.isEmpty() ? null : text;
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : b;
    }
}
