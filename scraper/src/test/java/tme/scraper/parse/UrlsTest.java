package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class UrlsTest {

    private static Element styled(String style) {
        return Jsoup.parseBodyFragment("<i style=\"" + style + "\"></i>").selectFirst("i");
    }

    @Test
    void background_singleDoubleOrNoQuotes() {
        assertEquals("https://cdn4.telesco.pe/file/a.jpg",
                Urls.background(styled("width:800px;background-image:url('https://cdn4.telesco.pe/file/a.jpg')")));
        assertEquals("https://cdn4.telesco.pe/file/a.jpg",
                Urls.background(styled("background-image: url(&quot;https://cdn4.telesco.pe/file/a.jpg&quot;);")));
        assertEquals("https://cdn4.telesco.pe/file/a.jpg",
                Urls.background(styled("BACKGROUND-IMAGE:url(https://cdn4.telesco.pe/file/a.jpg);width:1px")));
    }

    @Test
    void background_stopsAtItsOwnClosingQuote() {
        assertEquals("https://x.org/a.jpg",
                Urls.background(styled("background-image:url('https://x.org/a.jpg');mask:url('https://x.org/m.svg')")));
    }

    @Test
    void background_protocolRelativeBecomesHttps() {
        assertEquals("https://telegram.org/img/emoji/40/F09F918D.png",
                Urls.background(styled("background-image:url('//telegram.org/img/emoji/40/F09F918D.png')")));
    }

    @Test
    void background_placeholderOrMissing_isNull() {
        assertNull(Urls.background(styled("background-image:url('data:image/svg+xml;base64,PHN2Zz4=')")));
        assertNull(Urls.background(styled("width:256px")));
        assertNull(Urls.background(null));
    }

    @Test
    void absolute_rules() {
        assertEquals("https://t.me/durov/489", Urls.absolute(" https://t.me/durov/489 "));
        assertEquals("http://example.com/a", Urls.absolute("http://example.com/a"));
        assertEquals("https://t.me/s/durov", Urls.absolute("/s/durov"));
        assertNull(Urls.absolute("tg://resolve?domain=durov"));
        assertNull(Urls.absolute("?single"));
        assertNull(Urls.absolute(""));
        assertNull(Urls.absolute(null));
    }

    @Test
    void link_keepsAppSchemesAndDropsWhatRunsScriptOrData() {
        assertEquals("tg://resolve?domain=durov", Urls.link("tg://resolve?domain=durov"));
        assertEquals("mailto:a@b.c", Urls.link("mailto:a@b.c"));
        assertEquals("https://t.me/durov", Urls.link("/durov"));
        assertNull(Urls.link(" JavaScript:alert(1)"));
        assertNull(Urls.link("data:text/html,hi"));
        assertNull(Urls.link("vbscript:msgbox")); // before: kept
        assertTrue(Urls.runsScriptOrData("\u0001java\tscript:alert(1)")); // as a browser reads it
    }
}
