package tme.api.push;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import tme.api.render.JsonRender;
import tme.api.service.Answer;
import tme.cache.Stored;
import tme.events.Event;
import tme.scraper.model.ChannelPage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

/** Which posts of a loaded page are new, told against the stored page it replaces (the recorded durov page, 483-502). */
class PostEventsTest {

    private static final ChannelPage DUROV = ((Parsed.Ok<ChannelPage>) ChannelPageParser.parse(
            Fixtures.read("s-durov-2026-05-hortay.html"), ParserMode.FULL)).value();
    private static final Instant AT = Instant.parse("2026-05-06T00:00:00Z");

    @Test
    void events_onePerPostAboveThePreviousNewest_oldestFirst_withTheChannelAndThePostJson() {
        ChannelPage before = new ChannelPage(DUROV.channel(), DUROV.posts().subList(0, DUROV.posts().size() - 2),
                DUROV.offset());

        PostEvents.Offer offer = PostEvents.Offer.of("durov", DUROV, OptionalLong.empty(),
                Optional.of(stored(before, Answer.KIND_OK)), List.of());
        List<Event> events = offer.events();

        assertEquals(500L, offer.floor());
        assertEquals(false, offer.baseline());
        assertEquals(List.of(501L, 502L), events.stream().map(Event::seq).toList());
        JsonObject first = new JsonObject(new String(events.getFirst().data(), StandardCharsets.UTF_8));
        assertEquals("durov", first.getString("channel"));
        assertEquals(new JsonObject(new String(JsonRender.post("durov", DUROV.posts().get(DUROV.posts().size() - 2)),
                StandardCharsets.UTF_8)), first.getJsonObject("post"));
    }

    @Test
    void offer_noneForTheSamePage_allAfterAnEmptyOne_aBaselineAfterNotFoundOrNothing() {
        ChannelPage empty = new ChannelPage(DUROV.channel(), List.of(), DUROV.offset());

        assertEquals(List.of(), offer(OptionalLong.empty(), stored(DUROV, Answer.KIND_OK)).events());
        assertEquals(DUROV.posts().size(),
                offer(OptionalLong.empty(), stored(empty, Answer.KIND_EMPTY)).events().size());
        PostEvents.Offer notFound = offer(OptionalLong.empty(), Stored.of(
                "{\"status\":404}".getBytes(StandardCharsets.UTF_8), Answer.KIND_NOT_FOUND, AT, Duration.ofMinutes(1)));
        assertEquals(true, notFound.baseline());
        assertEquals(DUROV.posts().size(), notFound.events().size(), "the whole page: the log tells what is new");
        assertEquals(true, PostEvents.Offer.of("durov", DUROV, OptionalLong.empty(), Optional.empty(),
                List.of(kept(480))).baseline(), "a baseline has no floor to judge kept posts by");
    }

    @Test
    void offer_aboveTheKnownMark_whateverPageItReplaces() {
        PostEvents.Offer offer = offer(OptionalLong.of(499), stored(DUROV, Answer.KIND_OK));

        assertEquals(List.of(500L, 501L, 502L), offer.events().stream().map(Event::seq).toList(),
                "the previous page held 500-502, but the log never got them (a load while Redis was out of reach)");
        assertEquals(499L, offer.floor());
        assertEquals(false, offer.baseline());
    }

    @Test
    void offer_carriesWhatEarlierPublishesCouldNotAppend_mergedAscendingOnceEach_aboveTheMark() {
        // 470 and 475 left the page during an outage; 490 it still shows; 460 is at or below the mark now.
        List<Event> kept = List.of(kept(460), kept(470), kept(475), kept(490));

        PostEvents.Offer offer = PostEvents.Offer.of("durov", DUROV, OptionalLong.of(465),
                Optional.of(stored(DUROV, Answer.KIND_OK)), kept);

        List<Long> expected = new ArrayList<>(List.of(470L, 475L));
        DUROV.posts().forEach(post -> expected.add((long) post.id()));
        assertEquals(expected, offer.events().stream().map(Event::seq).toList());
        assertEquals(false, offer.baseline());
        Event post490 = offer.events().stream().filter(event -> event.seq() == 490).findFirst().orElseThrow();
        assertEquals("durov", new JsonObject(new String(post490.data(), StandardCharsets.UTF_8)).getString("channel"),
                "490 is the page's copy, not the kept one");
    }

    private static Event kept(long seq) {
        return new Event(seq, ("kept " + seq).getBytes(StandardCharsets.UTF_8));
    }

    private static PostEvents.Offer offer(OptionalLong known, Stored previous) {
        return PostEvents.Offer.of("durov", DUROV, known, Optional.of(previous), List.of());
    }

    private static Stored stored(ChannelPage page, int kind) {
        return Stored.of(JsonRender.body(page), kind, AT, Duration.ofSeconds(10));
    }
}
