package tme.api.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tme.api.feed.Edits;
import tme.api.feed.FeedInfo;
import tme.api.feed.MediaLinks;
import tme.api.feed.RankedPost;
import tme.api.feed.Ranking;
import tme.api.feed.ReaderFeeds;
import tme.api.problem.Problem;
import tme.api.render.FeedJson;
import tme.api.render.PageReader;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Channel;

/**
 * One feed built from its channels' latest pages as the cache answered them (CPU work: runs on the worker pool):
 * each stored page read back into its model ({@link PageReader}), every post ranked ({@link Ranking}), the best
 * {@code limit} written in the request's format. A channel that answered a problem is listed in {@code errors}
 * (the JSON answer) and never fails the others.
 *
 * @param bytes     the answer, or null when a reader feed has no channel to show (then {@code refusal} says why)
 * @param transientFailure whether some channel failed for a reason that passes (t.me down, throttled, shed), not
 *                  because it does not exist: such a feed is kept only as long as the failure is remembered
 * @param refusal   for a reader feed none of whose channels could be read, why (a passing failure first)
 */
record FeedBuild(byte[] bytes, boolean transientFailure, Problem refusal) {

    /**
     * The feed of each channel's pages as read ({@code pages=N}: the latest and the older ones), each latest page
     * that answered 200 read from its decoded copy in {@code trees}, at its index ({@link FeedService#trees}); an
     * older page that failed for a passing reason makes the feed short-lived, like a channel that did. {@code links}:
     * where a reader feed sends readers for media (t.me's URLs, or {@code PUBLIC_URL}'s durable links);
     * {@code hubUrl}: the WebSub hub a reader feed names (null: none); a reader feed dates the posts found edited as
     * updated then ({@code edits}).
     */
    static FeedBuild of(FeedRequest request, List<ChannelPages> read, List<Object> trees, Instant now,
                        MediaLinks links, String hubUrl, Edits edits) {
        List<ChannelPage> pages = new ArrayList<>();
        List<FeedJson.Error> errors = new ArrayList<>();
        boolean olderFailed = false;
        for (int i = 0; i < read.size(); i++) {
            String name = request.channels().get(i).value();
            ChannelPages channel = read.get(i);
            olderFailed |= channel.olderFailure() != null;
            switch (channel.latest()) {
                case Answer.Cached ok when ok.status() == 200 -> pages.add(channel.with(PageReader.body(trees.get(i))));
                case Answer.Cached notFound -> errors.add(new FeedJson.Error(name, notFound.notFound()));
                case Answer.Failure failure -> errors.add(new FeedJson.Error(name, failure.problem()));
            }
        }
        boolean transientFailure = olderFailed || errors.stream()
                .anyMatch(error -> !Problem.CHANNEL_NOT_FOUND.equals(error.problem().code()));
        return of(request, pages, errors, transientFailure, now, links, hubUrl, edits);
    }

    /**
     * A reader feed of exactly {@code pages}' posts (a WebSub delivery: the posts the subscriber has not had, each
     * page holding its channel's), the request's filter applied, newest first.
     */
    static byte[] posts(FeedRequest request, List<ChannelPage> pages, Instant now, MediaLinks links, String hubUrl) {
        int all = pages.stream().mapToInt(page -> page.posts().size()).sum();
        FeedRequest every = new FeedRequest(request.channels(), Math.max(1, all), request.format(), request.origin(),
                request.filter(), request.pages());
        return of(every, pages, List.of(), false, now, links, hubUrl, Edits.NONE).bytes();
    }

    private static FeedBuild of(FeedRequest request, List<ChannelPage> pages, List<FeedJson.Error> errors,
                                boolean transientFailure, Instant now, MediaLinks links, String hubUrl,
                                Edits edits) {
        List<RankedPost> ranked = Ranking.rank(pages, now, request.limit(), request.filter());
        if (request.format() == FeedFormat.JSON) {
            return new FeedBuild(FeedJson.bytes(items(ranked), errors), transientFailure, null);
        }
        if (pages.isEmpty()) {
            return new FeedBuild(null, transientFailure, refusal(errors));
        }
        List<Channel> channels = pages.stream().map(ChannelPage::channel).toList();
        return new FeedBuild(ReaderFeeds.render(request.format().reader(),
                FeedInfo.of(channels, request.selfUrl(), links).withHub(hubUrl), Ranking.newestFirst(ranked), links,
                edits),
                transientFailure, null);
    }

    /** Why a reader feed has nothing to show: a passing failure first (worth retrying), else "not found". */
    private static Problem refusal(List<FeedJson.Error> errors) {
        return errors.stream().map(FeedJson.Error::problem)
                .filter(problem -> !Problem.CHANNEL_NOT_FOUND.equals(problem.code()))
                .findFirst().orElse(errors.getFirst().problem());
    }

    private static List<FeedJson.Item> items(List<RankedPost> ranked) {
        return ranked.stream().map(post -> new FeedJson.Item(post.item().channel(), post.item().post(), post.score()))
                .toList();
    }
}
