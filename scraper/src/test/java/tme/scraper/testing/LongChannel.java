package tme.scraper.testing;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;

/**
 * A synthetic channel of many posts, for walks through a channel's history ({@link FakeTme#longChannel}): posts
 * 1..N, each a copy of one recorded post wrap (durov's 497: text, reactions, an edited footer) with its own id, a
 * text that names it ({@code Post 17: ...}) and a date one hour after the post before it, the newest an hour before
 * the recording's own. {@code /s/<name>} shows the newest 20 under a "more before" link, as t.me's latest page does,
 * and "more" answers page through the rest like a recording's ({@link ChannelHistory}).
 *
 * @param page    the {@code /s/<name>} page
 * @param history every post, for "more" answers
 */
record LongChannel(String page, ChannelHistory history) {

    private static final String RECORDING = "s-durov-2026-05-hortay.html";
    private static final String TEMPLATE_ID = "durov/497";
    private static final String TEMPLATE_DATE = "2026-04-20T22:55:10+00:00";
    private static final String TEMPLATE_TEXT = "France&#39;s &quot;Agency";
    private static final String HISTORY_OPEN = "<section class=\"tgme_channel_history js-message_history\">";
    private static final String HISTORY_CLOSE = "</section>";
    private static final int PAGE = 20;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'+00:00'")
            .withZone(ZoneOffset.UTC);

    /** {@code posts} posts of {@code name} (lower-case letters, digits, {@code _}). */
    static LongChannel of(String name, int posts) {
        if (posts < 1) {
            throw new IllegalArgumentException("posts must be >= 1: " + posts);
        }
        String recorded = Fixtures.read(RECORDING);
        String template = wrap(recorded);
        StringBuilder all = new StringBuilder(posts * template.length());
        for (int id = 1; id <= posts; id++) {
            all.append(post(template, name, id, posts));
        }
        ChannelHistory history = ChannelHistory.of(all.toString());
        String newest = history.before(posts + 1, PAGE);
        return new LongChannel(latestPage(recorded, name, newest), history);
    }

    /** Post {@code id} of {@code posts}: the template with its id, link, date and text. */
    private static String post(String template, String name, int id, int posts) {
        Instant at = Instant.parse("2026-04-20T21:55:10Z").minus(Duration.ofHours(posts - id));
        return template.replace(TEMPLATE_ID, name + "/" + id)
                .replace(TEMPLATE_DATE, DATE.format(at))
                .replace(TEMPLATE_TEXT, "Post " + id + ": " + TEMPLATE_TEXT);
    }

    /** The recorded wrap of the template post, as it is in the page. */
    private static String wrap(String page) {
        int post = page.indexOf("data-post=\"" + TEMPLATE_ID + "\"");
        String open = "<div class=\"tgme_widget_message_wrap";
        int start = page.lastIndexOf(open, post);
        int end = page.indexOf(open, post);
        return page.substring(start, end);
    }

    /** The recorded page with its posts replaced by {@code posts}, and the channel's name in the header. */
    private static String latestPage(String recorded, String name, String posts) {
        int start = recorded.indexOf(HISTORY_OPEN) + HISTORY_OPEN.length();
        int end = recorded.indexOf(HISTORY_CLOSE, start);
        String page = recorded.substring(0, start) + posts + recorded.substring(end);
        return new FakeRoutes.Stand("durov", name).page(page);
    }
}
