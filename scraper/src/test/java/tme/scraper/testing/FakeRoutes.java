package tme.scraper.testing;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the fake t.me serves when no knob interferes: recorded pages, built "more" answers, t.me's redirect. */
final class FakeRoutes {

    private static final Pattern CHANNEL_PAGE = Pattern.compile("/s/([A-Za-z0-9_]+)(?:/(\\d+))?/?");
    private static final Pattern PROFILE = Pattern.compile("/([A-Za-z0-9_]+)/?");

    private final RecordedPages pages;
    private final Knobs knobs;

    FakeRoutes(RecordedPages pages, Knobs knobs) {
        this.pages = pages;
        this.knobs = knobs;
    }

    Reply answer(HttpMethod method, String path, MultiMap params) {
        Matcher channelPage = CHANNEL_PAGE.matcher(path);
        if (channelPage.matches()) {
            String channel = channelPage.group(1);
            if (method == HttpMethod.GET) {
                return pages.channelPage(channel).map(Reply::html).orElseGet(() -> unknown(channel));
            }
            boolean moreCall = method == HttpMethod.POST && channelPage.group(2) == null;
            return moreCall ? more(channel, params) : Reply.text(405, "method not allowed");
        }
        Matcher profile = PROFILE.matcher(path);
        if (profile.matches() && method == HttpMethod.GET) {
            return Reply.html(pages.preview(profile.group(1)).orElseGet(pages::contactPage));
        }
        return Reply.text(404, "no such page on the fake t.me: " + method + " " + path);
    }

    /** t.me redirects {@code /s/name} to {@code /name} for a name without a public channel preview. */
    private Reply unknown(String channel) {
        return knobs.contactPageForUnknown ? Reply.html(pages.contactPage()) : Reply.redirect("/" + channel);
    }

    private Reply more(String channel, MultiMap params) {
        Optional<ChannelHistory> history = pages.history(channel);
        if (history.isEmpty()) {
            return unknown(channel);
        }
        Integer before = position(params.get("before"));
        Integer after = position(params.get("after"));
        if ((before == null) == (after == null)) {
            return Reply.text(400, "want exactly one of before=N or after=N");
        }
        int limit = knobs.morePageSize;
        String fragment = before != null ? history.get().before(before, limit) : history.get().after(after, limit);
        return Reply.json(PhpJson.string(fragment));
    }

    private static Integer position(String value) {
        return value != null && value.matches("\\d{1,9}") ? Integer.valueOf(value) : null;
    }
}
