package tme.scraper.testing;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the fake t.me serves when no knob interferes: recorded pages, built "more" answers, t.me's redirect.
 * With {@link Knobs#anyChannelAs} a channel without a recording is served another channel's recording, its name
 * rewritten ({@link Stand}) so the page reads as the channel asked for.
 */
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
            if (method == HttpMethod.GET && params.get("q") != null && channelPage.group(2) == null) {
                return search(channel, params);
            }
            if (method == HttpMethod.GET) {
                return page(channel).map(Reply::html).orElseGet(() -> unknown(channel));
            }
            boolean moreCall = method == HttpMethod.POST && channelPage.group(2) == null;
            return moreCall ? more(channel, params) : Reply.text(405, "method not allowed");
        }
        Matcher profile = PROFILE.matcher(path);
        if (profile.matches() && method == HttpMethod.GET) {
            return Reply.html(preview(profile.group(1)).orElseGet(pages::contactPage));
        }
        return Reply.text(404, "no such page on the fake t.me: " + method + " " + path);
    }

    /** The channel's page: the one a test served, its recording (or the stand-in's), with what the test published there since. */
    Optional<String> page(String channel) {
        String served = knobs.pages.get(channel.toLowerCase(java.util.Locale.ROOT));
        Optional<String> own = served != null ? Optional.of(served) : pages.channelPage(channel);
        Optional<String> page = own.isPresent() ? own
                : stand(channel).flatMap(s -> pages.channelPage(s.recorded()).map(s::page));
        return page.map(html -> knobs.revisions.onto(channel, knobs.published.onto(channel, html)));
    }

    private Optional<String> preview(String channel) {
        Optional<String> own = pages.preview(channel);
        return own.isPresent() ? own : stand(channel).flatMap(s -> pages.preview(s.recorded()).map(s::preview));
    }

    /** The recording that stands in for {@code channel}, when it has none of its own and the knob is set. */
    private Optional<Stand> stand(String channel) {
        String recorded = knobs.anyChannelAs;
        return recorded == null || pages.channelPage(channel).isPresent()
                ? Optional.empty()
                : Optional.of(new Stand(recorded, channel));
    }

    /** t.me redirects {@code /s/name} to {@code /name} for a name without a public channel preview. */
    private Reply unknown(String channel) {
        return knobs.contactPageForUnknown ? Reply.html(pages.contactPage()) : Reply.redirect("/" + channel);
    }

    private Reply more(String channel, MultiMap params) {
        Optional<ChannelHistory> served = Optional.ofNullable(
                knobs.histories.get(channel.toLowerCase(java.util.Locale.ROOT)));
        Optional<Stand> stand = served.isPresent() || pages.history(channel).isPresent()
                ? Optional.empty() : stand(channel);
        Optional<ChannelHistory> history = served.isPresent() ? served
                : pages.history(stand.map(Stand::recorded).orElse(channel));
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
        return Reply.json(PhpJson.string(stand.map(s -> s.fragment(fragment)).orElse(fragment)));
    }

    /** {@code ?q=...[&before=N]} over the channel's recorded page; a blank query is the plain page, as on t.me. */
    private Reply search(String channel, MultiMap params) {
        String query = params.get("q");
        Integer before = params.get("before") == null ? null : position(params.get("before"));
        if (params.get("before") != null && before == null) {
            return Reply.text(400, "before must be a post id");
        }
        return page(channel)
                .map(html -> query.isBlank() ? html : SearchPage.of(html, query, before, knobs.searchPageSize))
                .map(Reply::html).orElseGet(() -> unknown(channel));
    }

    private static Integer position(String value) {
        return value != null && value.matches("\\d{1,9}") ? Integer.valueOf(value) : null;
    }

    /**
     * {@code recorded}'s pages served as {@code asked}'s. The parsers read a post's id from the end of
     * {@code data-post} and the name from the header, and never compare the two; the names are rewritten anyway
     * so a page reads as the channel asked for: in {@code data-post}, the header's {@code @name}, the more-links
     * and the profile's {@code /s/} link. Plain string replacement of the recorded (lower-case) name.
     */
    record Stand(String recorded, String asked) {

        String page(String html) {
            return html.replace("data-post=\"" + recorded + "/", "data-post=\"" + asked + "/")
                    .replace(">@" + recorded + "<", ">@" + asked + "<")
                    .replace("/s/" + recorded + "?", "/s/" + asked + "?");
        }

        String fragment(String html) {
            return page(html);
        }

        String preview(String html) {
            return html.replace("href=\"/s/" + recorded + "\"", "href=\"/s/" + asked + "\"")
                    .replace(">@" + recorded + "<", ">@" + asked + "<");
        }
    }
}
