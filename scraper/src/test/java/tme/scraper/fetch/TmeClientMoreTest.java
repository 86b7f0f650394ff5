package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.fetch.Await.result;

import java.time.Duration;
import java.util.Optional;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** "Load more" over loopback: the JSON-string answer decoded into the fragment t.me's script would insert. */
class TmeClientMoreTest extends FakeTmeTestBase {

    private static final Pattern POST_ID = Pattern.compile("data-post=\"durov/(\\d+)\"");
    private static final String BEFORE_487 = "<div class=\"tgme_widget_message_centered js-messages_more_wrap\">"
            + "<a href=\"/s/durov?before=487\" class=\"tme_messages_more js-messages_more\" data-before=\"487\"></a></div>";
    private static final String AFTER_497 = "<div class=\"tgme_widget_message_centered js-messages_more_wrap\">"
            + "<a href=\"/s/durov?after=497\" class=\"tme_messages_more js-messages_more\" data-after=\"497\"></a></div>";


    @Test
    void more_beforeGivesTheOlderPostsOfTheRecordedPage() {
        String fragment = okBody(client.more("durov", Direction.BEFORE, 490));

        assertEquals(List.of(481, 482, 483, 485, 486, 487, 488, 489), ids(fragment));
        assertFalse(fragment.contains("js-messages_more_wrap"), "the last partial page has no more-wrap");
        assertEquals(1, fake.hits("/s/durov?before=490"));
    }

    @Test
    void more_beforeWithOlderPostsLeftStartsWithAMoreWrap() {
        fake.morePageSize(3);

        String fragment = okBody(client.more("durov", Direction.BEFORE, 490));

        assertEquals(List.of(487, 488, 489), ids(fragment));
        assertTrue(fragment.startsWith(BEFORE_487), fragment.substring(0, 200));
    }

    @Test
    void more_afterGivesTheNewerPostsDecodedIntact() {
        String fragment = okBody(client.more("durov", Direction.AFTER, 495));

        assertEquals(List.of(496, 497, 498, 499, 500, 501, 502), ids(fragment));
        // PHP-style \/ and \\uXXXX escapes (surrogate pairs for the emoji) come back as the original text.
        assertTrue(fragment.contains("Telegram becoming TON’s largest validator"), "post 502 text");
        assertTrue(fragment.contains("<b>💎</b>"), "post 502 emoji");
        assertTrue(fragment.contains("href=\"https://t.me/durov/502\""), "post 502 date link");
    }

    @Test
    void more_afterWithNewerPostsLeftEndsWithAMoreWrap() {
        fake.morePageSize(2);

        String fragment = okBody(client.more("durov", Direction.AFTER, 495));

        assertEquals(List.of(496, 497), ids(fragment));
        assertTrue(fragment.endsWith(AFTER_497), fragment.substring(fragment.length() - 200));
    }

    @Test
    void more_nothingLeftIsAnEmptyOk() {
        assertEquals(new Upstream.Ok(""), result(client.more("durov", Direction.BEFORE, 481)));
        assertEquals(new Upstream.Ok(""), result(client.more("durov", Direction.AFTER, 502)));
    }

    @Test
    void more_objectWithHtmlIsAccepted() {
        fake.respond("/s/durov?after=1", 200, "{\"html\":\"<div class=\\\"x\\\">y<\\/div>\"}", Map.of());

        assertEquals(new Upstream.Ok("<div class=\"x\">y</div>"), result(client.more("durov", Direction.AFTER, 1)));
    }

    @Test
    void more_undecodableAnswerIsFailedNamingTheProblem() {
        fake.respond("/s/durov?before=490", 200, "<!DOCTYPE html><html>", Map.of("content-type", "text/html"));

        assertEquals(new Upstream.Failed(200, "undecodable \"more\" answer (not JSON): <!DOCTYPE html><html>"),
                result(client.more("durov", Direction.BEFORE, 490)));
    }

    @Test
    void more_unknownChannelRedirectIsNotFound() {
        assertEquals(new Upstream.NotFound("nosuchchannel is not a public channel (redirect to /nosuchchannel)"),
                result(client.more("nosuchchannel", Direction.BEFORE, 100)));
    }

    @Test
    void more_throttledAndFailedMapLikePages() {
        fake.throttle("/s/durov?before=490", Duration.ofSeconds(7)).status("/s/durov?after=490", 502);

        assertEquals(new Upstream.Throttled(Optional.of(Duration.ofSeconds(7))), result(client.more("durov", Direction.BEFORE, 490)));
        assertEquals(new Upstream.Failed(502, "t.me answered 502"), result(client.more("durov", Direction.AFTER, 490)));
    }

    private static String okBody(io.vertx.core.Future<Upstream> outcome) {
        return assertInstanceOf(Upstream.Ok.class, result(outcome)).body();
    }

    private static List<Integer> ids(String fragment) {
        Matcher m = POST_ID.matcher(fragment);
        return m.results().map(r -> Integer.valueOf(r.group(1))).toList();
    }
}
