package tme.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import tme.api.feed.FeedFilter;
import tme.api.feed.RankedPost;
import tme.api.feed.Ranking;
import tme.api.render.FeedJson;
import tme.scraper.model.Channel;
import tme.scraper.model.ChannelPage;
import tme.scraper.testing.Fixtures;

/**
 * What a feed filter adds to a feed build: ranking the latest pages of 30 channels (the three recorded full pages,
 * ten times each under other names: 490 real posts in English and Russian) and writing the best 100 as the JSON
 * feed, without a filter and with each kind of filter. The filter runs after ranking, over posts until 100 are kept,
 * so a filter that keeps most posts reads few of them, one that keeps few reads them all.
 *
 * <ul>
 *   <li>{@code NONE}: no filter (the unfiltered build);</li>
 *   <li>{@code EXCLUDE}: {@code exclude=telegram,whatsapp,россии}: keeps most posts;</li>
 *   <li>{@code INCLUDE_RARE}: {@code include=encryption,пулково,#news,🔥}: keeps few, so every post's words are read;</li>
 *   <li>{@code MEDIA}: {@code media=image&forwards=false&min_views=10000}: no words at all.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar FeedFilterBenchmark -f 1 -wi 3 -i 5 -prof tme.bench.CpuTimeProfiler}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class FeedFilterBenchmark extends AverageTimeBenchmark {

    /** Where the recorded pages are a few hours old, as in the feed tests. */
    static final Instant NOW = Instant.parse("2026-05-06T00:00:00Z");
    static final int CHANNELS_PER_PAGE = 10;
    static final int LIMIT = 100;

    /** The filters compared, by what they cost. */
    public enum Filter {
        NONE(FeedFilter.NONE),
        EXCLUDE(FeedFilter.of(List.of(), List.of("telegram", "whatsapp", "россии"), List.of(), true, true, true, 0)),
        INCLUDE_RARE(FeedFilter.of(List.of("encryption", "пулково", "#news", "🔥"), List.of(), List.of(), true, true,
                true, 0)),
        MEDIA(FeedFilter.of(List.of(), List.of(), List.of("image"), false, true, true, 10_000));

        final FeedFilter filter;

        Filter(FeedFilter filter) {
            this.filter = filter;
        }
    }

    @Param({"NONE", "EXCLUDE", "INCLUDE_RARE", "MEDIA"})
    public Filter filter;

    private List<ChannelPage> pages;

    @Setup(Level.Trial)
    public void setUp() {
        pages = pages();
    }

    /** 30 channels: each recorded full page under ten names, so no post is a duplicate of another. */
    static List<ChannelPage> pages() {
        List<ChannelPage> pages = new ArrayList<>();
        for (String file : List.of("s-durov-2026-05-hortay.html", "s-meduzalive-2026-05-hortay.html",
                "s-topwar_official-2023-02-any2feed.html")) {
            addRenamed(pages, Page.combine(List.of(Fixtures.read(file))));
        }
        return pages;
    }

    private static void addRenamed(List<ChannelPage> pages, ChannelPage page) {
        for (int i = 0; i < CHANNELS_PER_PAGE; i++) {
            Channel c = page.channel();
            Channel renamed = new Channel(c.username() + "_" + i, c.title(), c.description(), c.avatar(), c.counters(),
                    c.labels());
            pages.add(new ChannelPage(renamed, page.posts(), page.offset()));
        }
    }

    /** Ranking and filtering only. */
    @Benchmark
    public List<RankedPost> rank() {
        return Ranking.rank(pages, NOW, LIMIT, filter.filter);
    }

    /** Ranking, filtering and the JSON feed: a whole build's CPU but the page reads. */
    @Benchmark
    public byte[] rankAndRender() {
        List<FeedJson.Item> items = new ArrayList<>(LIMIT);
        for (RankedPost post : Ranking.rank(pages, NOW, LIMIT, filter.filter)) {
            items.add(new FeedJson.Item(post.item().channel(), post.item().post(), post.score()));
        }
        return FeedJson.bytes(items, List.of());
    }
}
