package tme.api.service;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.Content;
import tme.scraper.model.MorePage;
import tme.scraper.model.Post;
import tme.scraper.parse.Anomaly;
import tme.scraper.parse.Parsed;

/**
 * Counters for upstream surprises, so a t.me markup change shows up as a number before users report it: pages we
 * would not store ({@link Anomaly}), and in the pages we did, posts parsed in part and parts t.me always sends that
 * were not found ({@link ParserMiss}). Thread-safe: parsing runs on worker threads; counting a page walks its posts
 * once, a few hundred nanoseconds beside the millisecond its parse took.
 */
public final class ScrapeStats {

    /** Pages we would not store as truth, by why: captcha, challenge, empty, truncated, posts missing, ... */
    private final Map<Anomaly, LongAdder> anomalies = new EnumMap<>(Anomaly.class);
    /** Parts t.me always sends that a parsed page lacked. */
    private final Map<ParserMiss, LongAdder> misses = new EnumMap<>(ParserMiss.class);
    /** Posts that could only be parsed in part. */
    private final LongAdder oddPosts = new LongAdder();
    /** Pages parsed successfully. */
    private final LongAdder pagesParsed = new LongAdder();
    /** Posts in them. */
    private final LongAdder postsParsed = new LongAdder();

    public ScrapeStats() {
        for (Anomaly kind : Anomaly.values()) {
            anomalies.put(kind, new LongAdder());
        }
        for (ParserMiss miss : ParserMiss.values()) {
            misses.put(miss, new LongAdder());
        }
    }

    void anomaly(Anomaly kind) {
        anomalies.get(kind).increment();
    }

    /** A page parsed and accepted: counts it, its odd posts, and what it lacks of what t.me always sends. */
    void parsed(Parsed.Ok<?> page) {
        pagesParsed.increment();
        oddPosts.add(page.oddPosts());
        misses.get(ParserMiss.POST_ID).add(page.postsWithoutId());
        switch (page.value()) {
            case ChannelPage channel -> {
                if (channel.channel().title() == null || channel.channel().title().string().isBlank()) {
                    misses.get(ParserMiss.CHANNEL_TITLE).increment();
                }
                posts(channel.posts());
            }
            case MorePage more -> posts(more.posts());
            case ChannelPreview preview -> {
                if (preview.title() == null) {
                    misses.get(ParserMiss.PREVIEW_TITLE).increment();
                }
            }
            default -> { }
        }
    }

    private void posts(List<Post> posts) {
        postsParsed.add(posts.size());
        for (Post post : posts) {
            Content content = post.content();
            if (post.footer().date() == null) {
                misses.get(ParserMiss.POST_DATE).increment();
            }
            if (content.text() == null && content.media().isEmpty() && content.poll() == null
                    && content.preview() == null && content.service() == null) {
                misses.get(ParserMiss.POST_CONTENT).increment();
            }
        }
    }

    /**
     * By metric name, for {@code GET /metrics}: {@code scrape.upstream_anomalies} (all of them),
     * {@code scrape.anomalies.<kind>} for each kind, {@code scrape.misses.<field>} for each {@link ParserMiss}, and
     * pages, posts and odd posts parsed.
     */
    public Map<String, Long> snapshot() {
        Map<String, Long> all = new TreeMap<>();
        long total = 0;
        for (Map.Entry<Anomaly, LongAdder> entry : anomalies.entrySet()) {
            long count = entry.getValue().sum();
            all.put("scrape.anomalies." + entry.getKey().metricName(), count);
            total += count;
        }
        misses.forEach((miss, count) -> all.put("scrape.misses." + miss.field(), count.sum()));
        all.put("scrape.upstream_anomalies", total);
        all.put("scrape.odd_posts", oddPosts.sum());
        all.put("scrape.pages_parsed", pagesParsed.sum());
        all.put("scrape.posts_parsed", postsParsed.sum());
        return all;
    }
}
