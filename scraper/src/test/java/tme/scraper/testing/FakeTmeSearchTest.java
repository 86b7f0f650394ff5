package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The fake t.me's {@code ?q=} answers, seen through a plain WebClient: shaped and filtered as t.me's search pages. */
class FakeTmeSearchTest extends FakeTmeClientTestBase {

    static List<String> posts(String html) {
        Matcher post = Pattern.compile("data-post=\"([^\"]+)\"").matcher(html);
        List<String> posts = new java.util.ArrayList<>();
        while (post.find()) {
            posts.add(post.group(1));
        }
        return posts;
    }

    @Test
    void aQuery_keepsThePostsHoldingEveryWord_echoesIt_andHighlightsTheMatches() {
        String page = call("/s/durov?q=WhatsApp+encryption").bodyAsString();

        assertEquals(List.of("durov/483", "durov/485", "durov/487"), posts(page), "both words, in any case");
        assertEquals(List.of(), posts(call("/s/durov?q=whatsapp+zzqwx").bodyAsString()), "every word, not any");
        assertTrue(page.contains("name=\"q\" autocomplete=\"off\" value=\"WhatsApp encryption\""), "the echo");
        assertTrue(page.contains("tgme_header_search_form has_value"));
        assertTrue(page.contains("<mark class=\"highlight\">WhatsApp</mark>"));
        assertTrue(page.contains("<link rel=\"canonical\" href=\"/s/durov?q=WhatsApp+encryption&amp;before=488\">")
                || page.contains("<link rel=\"canonical\" href=\"/s/durov?q=WhatsApp+encryption&before=488\">"), page);
        assertFalse(page.contains("rel=\"prev\""), "no older matches");
        assertEquals(1, fake.hits("/s/durov?q=WhatsApp+encryption"));
    }

    @Test
    void pages_ofAtMostTheKnobsSize_linkToOlderMatches() {
        fake.searchPageSize(2);

        String newest = call("/s/durov?q=encryption").bodyAsString();
        String older = call("/s/durov?q=encryption&before=485").bodyAsString();

        assertEquals(List.of("durov/485", "durov/487"), posts(newest));
        assertTrue(newest.contains("data-before=\"485\""), "the more link to older matches");
        assertEquals(List.of("durov/483"), posts(older));
        assertFalse(older.contains("js-messages_more_wrap"), "the last page");
    }

    @Test
    void noMatch_isNoPostsFound_withTheQueryStillEchoed() {
        String page = call("/s/durov?q=zzqwx").bodyAsString();

        assertEquals(List.of(), posts(page));
        assertTrue(page.contains("<div class=\"tme_no_messages_found\">No posts found</div>"));
        assertTrue(page.contains("value=\"zzqwx\""));
        assertFalse(page.contains("rel=\"canonical\""));
    }

    @Test
    void anUnknownChannel_redirectsAsForItsPage() {
        HttpResponse<Buffer> answer = call("/s/nosuchchannel?q=telegram");

        assertEquals(302, answer.statusCode());
        assertEquals("/nosuchchannel", answer.getHeader("location"));
    }

    private HttpResponse<Buffer> call(String uri) {
        return call(HttpMethod.GET, uri);
    }
}
