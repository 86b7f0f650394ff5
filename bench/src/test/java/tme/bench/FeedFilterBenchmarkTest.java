package tme.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;
import tme.api.feed.RankedPost;

/** Each variant of {@link FeedFilterBenchmark} called once outside JMH: the build it claims to measure. */
class FeedFilterBenchmarkTest {

    static FeedFilterBenchmark bench(FeedFilterBenchmark.Filter filter) {
        FeedFilterBenchmark bench = new FeedFilterBenchmark();
        bench.filter = filter;
        bench.setUp();
        return bench;
    }

    @Test
    void theInput_is30ChannelsOf490DistinctPosts() {
        assertEquals(30, FeedFilterBenchmark.pages().size());
        assertEquals(490, FeedFilterBenchmark.pages().stream().mapToInt(page -> page.posts().size()).sum());
    }

    @Test
    void eachFilter_keepsWhatItSays_andTheLimitCountsWhatIsKept() {
        List<RankedPost> all = bench(FeedFilterBenchmark.Filter.NONE).rank();
        List<RankedPost> excluded = bench(FeedFilterBenchmark.Filter.EXCLUDE).rank();
        List<RankedPost> rare = bench(FeedFilterBenchmark.Filter.INCLUDE_RARE).rank();
        List<RankedPost> media = bench(FeedFilterBenchmark.Filter.MEDIA).rank();

        assertEquals(100, all.size());
        assertEquals(100, excluded.size(), "most posts are kept: the limit is reached");
        assertTrue(rare.size() < 100 && !rare.isEmpty(), "few posts hold the rare terms: " + rare.size());
        media.forEach(post -> assertTrue(post.item().post().forwarded() == null
                && post.item().post().footer().viewsCount() >= 10_000, post.toString()));
        assertEquals(rare.size(), new JsonObject(new String(bench(FeedFilterBenchmark.Filter.INCLUDE_RARE)
                .rankAndRender(), java.nio.charset.StandardCharsets.UTF_8)).getJsonArray("result").size());
    }
}
