package tme.api.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.api.feed.Posts.channel;
import static tme.api.feed.Posts.page;
import static tme.api.feed.Posts.plain;
import static tme.api.feed.Posts.post;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPage;
import tme.scraper.model.Media;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

class RankingTest {

    static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    static final double EXACT = 1e-12;

    /** Post A of the worked example in docs/api.md: a big channel's photo post, two hours old. */
    static ChannelPage exampleA() {
        Post a = post(497, NOW.minus(Duration.ofHours(2)), "1.95M", "a".repeat(300),
                List.of(new Media.Photo("https://cdn4.telesco.pe/file/a.jpg")), null,
                List.of(new Reaction.Paid("5.06K"), new Reaction.CustomEmoji("1", null, null, "35K"),
                        new Reaction.CustomEmoji("2", null, null, "13.7K"),
                        new Reaction.CustomEmoji("3", null, null, "9.13K"),
                        new Reaction.CustomEmoji("4", null, null, "2.73K")), true);
        return page(channel("durov", "10.1M"), a);
    }

    /** Post B: a small channel's gif with a poll, thirty hours old. */
    static ChannelPage exampleB() {
        Post b = post(42, NOW.minus(Duration.ofHours(30)), "3.4K", null,
                List.of(new Media.Gif("https://cdn4.telesco.pe/file/b.mp4", null, true)), Posts.poll(),
                List.of(new Reaction.Emoji("👍", null, "120"), new Reaction.Emoji("👎", null, "10"),
                        new Reaction.Emoji("🎉", null, "15")), false);
        return page(channel("smallchannel", "1.2K"), b);
    }

    @Test
    void workedExample_partByPart_asDocumented() {
        Post a = exampleA().posts().getFirst();
        Post b = exampleB().posts().getFirst();

        assertEquals(0.09978316831683169, Score.engagement(a, 10_100_000), EXACT);
        assertEquals(65_620, Score.reactions(a.content()), EXACT);
        assertEquals(0.36, Score.content(a.content()), EXACT);
        assertEquals(0.9833333333333333, Score.freshness(a, NOW), EXACT);
        assertEquals(0.1297147128712871, Score.of(a, 10_100_000, NOW), EXACT);

        assertEquals(1.46875, Score.engagement(b, 1_200), EXACT);
        assertEquals(125, Score.reactions(b.content()), EXACT, "120 + 15 - 10: 👎 counts against");
        assertEquals(0.5, Score.content(b.content()), EXACT, "a gif 0.2 and a poll 0.3");
        assertEquals(0.512, Score.freshness(b, NOW), EXACT, "0.8 x (24/30)^2");
        assertEquals(0.352, Score.of(b, 1_200, NOW), EXACT);

        List<RankedPost> ranked = Ranking.rank(List.of(exampleA(), exampleB()), NOW, 100);
        assertEquals(List.of("smallchannel/42", "durov/497"), ids(ranked));
        assertEquals(0.352, ranked.getFirst().score(), EXACT);
    }

    @Test
    void freshness_isContinuousAndFalling_noJumpAtSevenDays() {
        assertEquals(1.0, Score.freshness(0), EXACT);
        assertEquals(0.8, Score.freshness(24), EXACT);
        assertEquals(Score.freshness(168), Score.freshness(168.001), 1e-6, "the prior art jumped to 0.1 here");
        double previous = 2;
        for (double hours = 0; hours <= 24 * 60; hours += 0.25) {
            double now = Score.freshness(hours);
            assertTrue(now < previous && now > 0, hours + "h: " + now + " after " + previous);
            previous = now;
        }
    }

    @Test
    void postsDaysMonthsAndYearsOld_keepDistinctReadableScores_inOrder() {
        ChannelPage page = page(channel("durov", "10.1M"), plain(1, NOW.minus(Duration.ofDays(1)), "1M"),
                plain(2, NOW.minus(Duration.ofDays(30)), "1M"), plain(3, NOW.minus(Duration.ofDays(200)), "1M"),
                plain(4, NOW.minus(Duration.ofDays(1000)), "2M"), plain(5, NOW.minus(Duration.ofDays(1001)), "1M"));

        List<RankedPost> ranked = Ranking.rank(List.of(page), NOW, 10);

        assertEquals(List.of("durov/1", "durov/2", "durov/3", "durov/4", "durov/5"), ids(ranked));
        double base = Score.of(page.posts().getFirst(), 10_100_000, NOW.minus(Duration.ofDays(1))); // fresh: x1
        assertEquals(base * 0.8, ranked.get(0).score(), EXACT, "a day old: 0.8");
        assertEquals(base * 0.8 / (30 * 30), ranked.get(1).score(), EXACT);
        assertEquals(base * 0.8 / (200 * 200), ranked.get(2).score(), EXACT, "1e-70 when freshness was e^(-0.8 days)");
        assertTrue(ranked.get(4).score() > 1e-9, "three years old and still above zero: " + ranked.get(4).score());
        assertTrue(ranked.get(3).score() > ranked.get(4).score(),
                "twice the views a day older: both were 0.0 (underflow) and tied by date before");
    }

    @Test
    void postWithoutADate_isNeverMistakenForANewOne() {
        ChannelPage page = page(channel("durov", "10.1M"), plain(1, null, "5M"), plain(2, NOW.minus(Duration.ofDays(3)), "1K"));

        List<RankedPost> ranked = Ranking.rank(List.of(page), NOW, 10);

        assertEquals(List.of("durov/2", "durov/1"), ids(ranked));
        assertEquals(0.0, ranked.getLast().score(), EXACT);
    }

    @Test
    void ties_newerFirst_thenChannelByName_thenHigherId_whateverTheOrderAsked() {
        Instant posted = NOW.minus(Duration.ofHours(1));
        ChannelPage zeta = page(channel("zeta_news", "1K"), plain(7, posted, "100"), plain(8, posted, "100"));
        ChannelPage alpha = page(channel("alpha_news", "1K"), plain(9, posted, "100"),
                plain(3, posted.plusSeconds(60), "100"));

        List<String> forward = ids(Ranking.rank(List.of(zeta, alpha), NOW, 10));
        List<String> backward = ids(Ranking.rank(List.of(alpha, zeta), NOW, 10));

        assertEquals(forward, backward);
        assertEquals("alpha_news/3", forward.getFirst(), "a minute newer: a slightly higher score");
        assertEquals(List.of("alpha_news/9", "zeta_news/8", "zeta_news/7"), forward.subList(1, 4),
                "the same score and time: channel by name, then the higher id");
    }

    @Test
    void dedupe_keepsOnePerChannelAndId_andLimitCuts() {
        Instant posted = NOW.minus(Duration.ofHours(3));
        ChannelPage latest = page(channel("Durov", "10.1M"), plain(500, posted, "2M"), plain(501, posted, "1M"));
        ChannelPage again = page(channel("durov", "10.1M"), plain(500, posted, "2.1M"), plain(499, posted, "3M"));

        assertEquals(List.of("durov/499", "durov/500", "durov/501"), ids(Ranking.rank(List.of(latest, again), NOW, 10)));
        assertEquals(List.of("durov/499", "durov/500"), ids(Ranking.rank(List.of(latest, again), NOW, 2)));
    }

    @Test
    void starsCustomEmojiGifsAndPolls_allCount() {
        Instant posted = NOW.minus(Duration.ofHours(1));
        Post bare = plain(1, posted, "100");
        Post starred = post(2, posted, "100", null, List.of(), null, List.of(new Reaction.Paid("50")), false);
        Post custom = post(3, posted, "100", null, List.of(), null,
                List.of(new Reaction.CustomEmoji("5", null, null, "50")), false);
        Post gif = post(4, posted, "100", null, List.of(new Media.Gif(null, null, true)), null, List.of(), false);
        Post poll = post(5, posted, "100", null, List.of(), Posts.poll(), List.of(), false);

        double base = Score.of(bare, 1_000, NOW);
        for (Post richer : List.of(starred, custom, gif, poll)) {
            assertTrue(Score.of(richer, 1_000, NOW) > base, "post " + richer.id());
        }
        assertEquals(Score.of(starred, 1_000, NOW), Score.of(custom, 1_000, NOW), EXACT);
    }

    @Test
    void subscribersUnknown_measuredByTheBestReadPost_notByOne() {
        ChannelPage hidden = page(channel("hidden", null), plain(1, NOW, "500"), plain(2, NOW, "2K"));

        assertEquals(2_000, Ranking.subscribers(hidden), EXACT);
        assertEquals(10_100_000, Ranking.subscribers(exampleA()), EXACT);
    }

    @Test
    void recordedPages_everyPostOnce_sameOrderWhateverTheChannelOrder() {
        ChannelPage durov = parse("s-durov-2026-05-hortay.html");
        ChannelPage meduza = parse("s-meduzalive-2026-05-hortay.html");
        Instant now = Instant.parse("2026-05-06T00:00:00Z");

        List<RankedPost> ranked = Ranking.rank(List.of(durov, meduza), now, 500);

        assertEquals(durov.posts().size() + meduza.posts().size(), ranked.size());
        assertEquals(ids(ranked), ids(Ranking.rank(List.of(meduza, durov), now, 500)));
        assertEquals(ranked.size(), new HashSet<>(ids(ranked)).size());
        List<Double> scores = new ArrayList<>(ranked.stream().map(RankedPost::score).toList());
        IntStream.range(1, scores.size()).forEach(i -> assertTrue(scores.get(i) <= scores.get(i - 1)));
        assertEquals(10, Ranking.rank(List.of(durov, meduza), now, 10).size());
    }

    static ChannelPage parse(String fixture) {
        return ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(Fixtures.read(fixture), ParserMode.FULL)).value();
    }

    static List<String> ids(List<RankedPost> ranked) {
        return ranked.stream().map(r -> r.item().channelName() + "/" + r.item().post().id()).toList();
    }
}
