package tme.api.push;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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

        List<Event> events = PostEvents.events("durov", DUROV, stored(before, Answer.KIND_OK));

        assertEquals(List.of(501L, 502L), events.stream().map(Event::seq).toList());
        JsonObject first = new JsonObject(new String(events.getFirst().data(), StandardCharsets.UTF_8));
        assertEquals("durov", first.getString("channel"));
        assertEquals(new JsonObject(new String(JsonRender.post("durov", DUROV.posts().get(DUROV.posts().size() - 2)),
                StandardCharsets.UTF_8)), first.getJsonObject("post"));
    }

    @Test
    void events_noneForTheSamePage_allAfterAnEmptyOne_noneAfterNotFound() {
        ChannelPage empty = new ChannelPage(DUROV.channel(), List.of(), DUROV.offset());

        assertEquals(List.of(), PostEvents.events("durov", DUROV, stored(DUROV, Answer.KIND_OK)));
        assertEquals(DUROV.posts().size(), PostEvents.events("durov", DUROV, stored(empty, Answer.KIND_EMPTY)).size());
        assertEquals(List.of(), PostEvents.events("durov", DUROV, Stored.of(
                "{\"status\":404}".getBytes(StandardCharsets.UTF_8), Answer.KIND_NOT_FOUND, AT, Duration.ofMinutes(1))));
    }

    private static Stored stored(ChannelPage page, int kind) {
        return Stored.of(JsonRender.body(page), kind, AT, Duration.ofSeconds(10));
    }
}
