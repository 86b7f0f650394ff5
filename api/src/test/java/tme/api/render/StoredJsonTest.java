package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.api.render.JsonRender;
import tme.scraper.model.ChannelPage;
import tme.scraper.parse.ChannelPageParser;
import tme.scraper.parse.Parsed;
import tme.scraper.parse.ParserMode;
import tme.scraper.testing.Fixtures;

/** Stored JSON read back into the immutable maps and lists GraphQL's default fetchers read. */
class StoredJsonTest {

    static byte[] durovBody() {
        return body("s-durov-2026-05-hortay.html");
    }

    /** A recorded page's {@code /v1/body} JSON, as a load stores it. */
    static byte[] body(String fixture) {
        Parsed<ChannelPage> parsed = ChannelPageParser.parse(Fixtures.read(fixture), ParserMode.FULL);
        return JsonRender.body((ChannelPage) assertInstanceOf(Parsed.Ok.class, parsed).value());
    }

    @Test
    void decode_holdsTheSameJsonAsTheBytes() {
        byte[] json = durovBody();
        Object tree = StoredJson.decode(json);
        assertEquals(new JsonObject(Buffer.buffer(json)), new JsonObject(asMap(tree)));
    }

    @Test
    void decode_numbersAreIntsUnlessTheyNeedALong_andTheTreeIsImmutable() {
        Map<?, ?> tree = asMap(StoredJson.decode(
                "{\"id\":497,\"unix\":4102444800,\"lat\":48.85,\"ok\":true,\"list\":[1,\"a\"]}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(Integer.valueOf(497), tree.get("id"));
        assertEquals(Long.valueOf(4_102_444_800L), tree.get("unix"));
        assertEquals(48.85, tree.get("lat"));
        assertEquals(Boolean.TRUE, tree.get("ok"));
        assertEquals(List.of(1, "a"), tree.get("list"));
        assertThrows(UnsupportedOperationException.class, () -> tree.clear());
        assertThrows(UnsupportedOperationException.class, () -> ((List<?>) tree.get("list")).clear());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object tree) {
        return (Map<String, Object>) assertInstanceOf(Map.class, tree);
    }
}
