package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.scraper.parse.ParsedAssert.ok;
import org.junit.jupiter.api.Test;
import tme.scraper.model.ChannelPreview;
import tme.scraper.model.ShownCount;
import tme.scraper.testing.Fixtures;

class PreviewParserTest {

    private static final String CARD = "preview-durov-constructed.html";

    @Test
    void channelCard_allFields() {
        Parsed.Ok<ChannelPreview> parsed = ok(PreviewParser.parse(Fixtures.read(CARD)));
        ChannelPreview preview = parsed.value();

        assertEquals("Pavel Durov", preview.title());
        assertEquals("10 552 044 subscribers", preview.subscribers());
        assertEquals(10_552_044L, preview.subscribersCount());
        assertEquals("Founder of Telegram.", preview.description());
        assertEquals("https://cdn4.telesco.pe/file/v0YAEbQuCbXHc-W7EBO3eOaq18RyoUS7r2WPN216_WhXD8LkxIanVntKuQPDXbwEMGeXO5"
                + "xTrFpXfNYrKoN6GDraxFN0cjtZApJV6DhT166fIal12bW7MMRA9AQ6frQsl8V52dsQ8Dt4q0Jfmk4KE8hGSxBO_Yn7OnrZenxAW"
                + "ZZ4cRNDlNWfOSvPnxlHLibvvwlnWT9T63h7c05oMlXj6is6GGO2NIVZd_WIBHQT0qF2_PiLxG3d61hrm2XgPvCWQXTdfNZG5yu6I"
                + "E48ZyGmBP21oNFDRs94UpW4wxtYuXhQEO_gEbIGIUGfwCGiHbcXSVNMHZuVXnMNO781MNXCmg.jpg", preview.avatar());
        assertEquals(true, preview.verified());
        assertEquals(0, parsed.oddPosts());
    }

    @Test
    void unverifiedCardWithoutPhotoOrDescription() {
        String html = Fixtures.read(CARD)
                .replace("<i class=\"verified-icon\"></i>", "")
                .replaceAll("<div class=\"tgme_page_description\"[^>]*>[^<]*</div>", "")
                .replaceAll("<img class=\"tgme_page_photo_image\" src=\"[^\"]*\">",
                        "<img class=\"tgme_page_photo_image\" src=\"data:image/svg+xml,%3Csvg%3E\">");

        ChannelPreview preview = ok(PreviewParser.parse(html)).value();

        assertEquals(false, preview.verified());
        assertNull(preview.description());
        assertNull(preview.avatar());
    }

    @Test
    void contactPage_isNotFound() {
        assertInstanceOf(Parsed.NotFound.class, PreviewParser.parse(
                Fixtures.read("notfound-zzqxnonexistenthandle99887766-2026-neotolis.html")));
    }

    @Test
    void cardWithoutPreviewLink_isNotFound() {
        // A user's or bot's card: title and button, but no link to an /s/ preview.
        String html = Fixtures.read(CARD).replace("href=\"/s/durov\"", "href=\"//telegram.org/dl\"");

        assertInstanceOf(Parsed.NotFound.class, PreviewParser.parse(html));
    }

    @Test
    void pagesWithoutACard_areAnomalies() {
        assertEquals(Anomaly.EMPTY_PAGE, ShapeChecksTest.kind(PreviewParser.parse("")));
        assertEquals(Anomaly.UNKNOWN_PAGE,
                ShapeChecksTest.kind(PreviewParser.parse(Fixtures.read("s-durov-2026-05-hortay.html"))));
    }

    @Test
    void subscribers_readAsShownCounts_groupedDigits() {
        assertEquals(10_552_044L, ShownCount.parse("10 552 044 subscribers"));
        assertEquals(1_234L, ShownCount.parse("1,234 subscribers"));
        assertEquals(1L, ShownCount.parse("1 subscriber"));
        assertEquals(25_000L, ShownCount.parse("25\u00a0000 subscribers"));
        assertNull(ShownCount.parse("subscribers"));
        assertNull(ShownCount.parse(null));
    }
}
