package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Post;

/** Characters outside the BMP are written as UTF-8 bytes, like every other character, never as escape pairs. */
class Utf8RenderTest {

    /** Any JSON escape of a UTF-16 surrogate, high or low. */
    private static final Pattern SURROGATE_ESCAPE = Pattern.compile("\\\\u[dD][89a-fA-F][0-9a-fA-F]{2}");

    /** 🇪🇺 is U+1F1EA U+1F1FA. Before, it was the 24 ASCII bytes {@code "\\uD83C\\uDDEA\\uD83C\\uDDFA"}. */
    private static final byte[] EU_FLAG_UTF8 = {
            (byte) 0xF0, (byte) 0x9F, (byte) 0x87, (byte) 0xAA, (byte) 0xF0, (byte) 0x9F, (byte) 0x87, (byte) 0xBA};

    @Test
    void post_emojiFlagIsTwoFourByteSequencesAndParsesBackTheSame() {
        Post post = JsonRenderTest.post("s-durov-2026-05-hortay.html", 481);

        byte[] bytes = JsonRender.post("durov", post);

        String start = "{\"id\":481,\"content\":{\"text\":{\"string\":\"";
        assertEquals(start.length(), indexOf(bytes, EU_FLAG_UTF8));
        assertFalse(SURROGATE_ESCAPE.matcher(new String(bytes, StandardCharsets.ISO_8859_1)).find());
        String string = JsonRenderTest.json(bytes).getJsonObject("content").getJsonObject("text").getString("string");
        assertEquals(post.content().text().string(), string);
        assertEquals("🇪🇺 The EU", string.substring(0, 11)); // the flag is 4 UTF-16 units
    }

    @Test
    void body_noRecordedPageHasASurrogateEscape() {
        for (String page : new String[] {"s-durov-2026-05-hortay.html", "s-meduzalive-2026-05-hortay.html",
                "s-topwar_official-2023-02-any2feed.html"}) {
            String bytes = new String(JsonRender.body(JsonRenderTest.page(page)), StandardCharsets.ISO_8859_1);

            assertFalse(SURROGATE_ESCAPE.matcher(bytes).find(), page);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
