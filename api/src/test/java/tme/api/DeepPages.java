package tme.api;

import java.util.Comparator;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tme.scraper.testing.Fixtures;

/**
 * durov's recorded page cut to a few of its posts, for tests of feeds several pages deep: the fake t.me serves the cut
 * page as {@code /s/durov} and builds its {@code before=} pages from the whole recording, {@code morePageSize} posts
 * each. The recording holds 20 posts, 481 to 502 (with gaps); {@link #IDS} lists them oldest first.
 */
final class DeepPages {

    static final String RECORDING = "s-durov-2026-05-hortay.html";
    /** The recording's post ids, oldest first. */
    static final List<Integer> IDS = List.of(481, 482, 483, 485, 486, 487, 488, 489, 490, 491, 493, 494, 495, 496, 497,
            498, 499, 500, 501, 502);

    private DeepPages() {}

    /** The page showing the recording's posts {@code IDS[from..to)} only, as t.me would show them if they were its newest. */
    static String durovShowing(int from, int to) {
        Document page = Jsoup.parse(Fixtures.read(RECORDING));
        page.outputSettings().prettyPrint(false);
        List<Integer> kept = IDS.subList(from, to);
        for (Element wrap : page.select(".tgme_widget_message_wrap")) {
            Element message = wrap.selectFirst("[data-post]");
            int id = Integer.parseInt(message.attr("data-post").split("/", 2)[1]);
            if (!kept.contains(id)) {
                wrap.remove();
            }
        }
        return page.outerHtml();
    }

    /** {@code IDS[from..to)}, oldest first. */
    static List<Integer> ids(int from, int to) {
        return IDS.subList(from, to);
    }

    /** A feed answer's post ids (JSON {@code result[].id}), oldest first. */
    static List<Integer> feedIds(io.vertx.core.json.JsonObject feed) {
        return feed.getJsonArray("result").stream().map(item -> ((io.vertx.core.json.JsonObject) item).getInteger("id"))
                .sorted(Comparator.naturalOrder()).toList();
    }
}
