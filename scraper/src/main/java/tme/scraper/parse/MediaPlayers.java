package tme.scraper.parse;

import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import tme.scraper.model.Media;
import tme.scraper.model.PlayTime;

/** Media that play: videos and GIFs, round videos, voice messages. Missing parts give nulls. */
final class MediaPlayers {

    private static final Evaluator VIDEO_THUMB = Dom.query(Selectors.Media.VIDEO_THUMB);
    private static final Evaluator VIDEO_SOURCE = Dom.query(Selectors.Media.VIDEO_SOURCE);
    private static final Evaluator ANY_VIDEO_SOURCE = Dom.query(Selectors.Media.ANY_VIDEO_SOURCE);
    private static final Evaluator VIDEO_DURATION = Dom.query(Selectors.Media.VIDEO_DURATION);
    private static final Evaluator ROUND_THUMB = Dom.query(Selectors.Media.ROUND_VIDEO_THUMB);
    private static final Evaluator ROUND_SOURCE = Dom.query(Selectors.Media.ROUND_VIDEO_SOURCE);
    private static final Evaluator ROUND_DURATION = Dom.query(Selectors.Media.ROUND_VIDEO_DURATION);
    private static final Evaluator VOICE_AUDIO = Dom.query(Selectors.Media.VOICE_AUDIO);
    private static final Evaluator VOICE_DURATION = Dom.query(Selectors.Media.VOICE_DURATION);

    private MediaPlayers() {}

    /**
     * A video player is a GIF when its video loops (t.me autoplays GIFs muted in a loop) or when it shows
     * no duration. A video too big for the web view has no {@code <video>} at all but keeps thumb and duration.
     */
    static Media video(Element player) {
        Element source = first(player, VIDEO_SOURCE, ANY_VIDEO_SOURCE);
        String url = Urls.attribute(source, "src");
        String thumb = Urls.background(player.selectFirst(VIDEO_THUMB));
        PlayTime duration = MediaDurations.of(player.selectFirst(VIDEO_DURATION));
        boolean loops = source != null && source.hasAttr(Selectors.Media.GIF_LOOP_ATTR);
        if (loops || duration == null) {
            return new Media.Gif(url, thumb, url != null);
        }
        return new Media.Video(url, thumb, duration, url != null);
    }

    static Media roundVideo(Element player) {
        Element source = first(player, ROUND_SOURCE, ANY_VIDEO_SOURCE);
        return new Media.RoundVideo(
                Urls.attribute(source, "src"),
                Urls.background(player.selectFirst(ROUND_THUMB)),
                MediaDurations.of(player.selectFirst(ROUND_DURATION)));
    }

    static Media voice(Element player) {
        Element audio = player.selectFirst(VOICE_AUDIO);
        String waveform = audio == null ? "" : audio.attr(Selectors.Media.VOICE_WAVEFORM_ATTR).strip();
        return new Media.Voice(
                Urls.attribute(audio, "src"),
                waveform.isEmpty() ? null : waveform,
                MediaDurations.of(player.selectFirst(VOICE_DURATION)));
    }

    /** The first match of {@code preferred}, else of {@code fallback}. */
    private static Element first(Element root, Evaluator preferred, Evaluator fallback) {
        Element found = root.selectFirst(preferred);
        return found != null ? found : root.selectFirst(fallback);
    }
}
