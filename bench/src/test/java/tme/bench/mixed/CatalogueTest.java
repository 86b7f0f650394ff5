package tme.bench.mixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogueTest {

    private final Catalogue catalogue = new Catalogue(300, 3, List.of("Accept-Encoding: gzip"));

    @Test
    void request_getsCarryTheChannelAndTheExtraHeaders() {
        assertEquals("GET /v1/body/mix0007 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n",
                text(RouteClass.BODY, 7));
        assertEquals("GET /v1/post/mix0002/495 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n",
                text(RouteClass.POST, 7)); // 7 = channel 2, the second id
        assertEquals("GET /feeds/mix0299.atom HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n",
                text(RouteClass.ATOM, 299));
    }

    @Test
    void request_groupsWrapAroundTheChannels() {
        assertEquals("GET /v1/feed?limit=20&channels=mix0000,mix0001,mix0299 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Accept-Encoding: gzip\r\n\r\n", text(RouteClass.FEED, 299));
    }

    @Test
    void request_postsCarryTheirLength() {
        String previews = text(RouteClass.PREVIEWS, 1);
        String body = "{\"channels\":[\"mix0001\",\"mix0002\",\"mix0003\"]}";
        assertEquals("POST /v1/previews HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body, previews);
        String graphql = text(RouteClass.GRAPHQL, 4);
        int length = Integer.parseInt(graphql.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
        assertEquals(length, graphql.substring(graphql.indexOf("\r\n\r\n") + 4).length(), graphql);
    }

    @Test
    void keys_postsHaveThreePerChannel() {
        assertEquals(900, catalogue.keys(RouteClass.POST));
        assertEquals(300, catalogue.keys(RouteClass.PREVIEWS));
        assertThrows(IllegalArgumentException.class, () -> new Catalogue(2, 3, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Catalogue(10, 1, List.of("no colon")));
    }

    private String text(RouteClass c, int key) {
        return new String(catalogue.request(c, key), StandardCharsets.UTF_8);
    }
}
