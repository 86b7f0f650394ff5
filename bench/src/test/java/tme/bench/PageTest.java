package tme.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tme.cache.Encoded;
import tme.scraper.model.ChannelPage;

class PageTest {

    @Test
    void durov_isTheRecordedPageWithItsTwentyPosts() {
        ChannelPage page = Page.DUROV.parsed();
        assertEquals("durov", page.channel().username());
        assertEquals(20, page.posts().size());
        assertEquals(481, page.posts().getFirst().id());
        assertEquals(502, page.posts().getLast().id());
    }

    @Test
    void large_appendsTopwarPostsToDurovsPage() {
        ChannelPage page = Page.LARGE.parsed();
        assertEquals("durov", page.channel().username());
        assertEquals(32, page.posts().size());
        assertEquals(481, page.posts().getFirst().id());
        assertEquals(502, page.posts().get(19).id());
        assertEquals(70989, page.posts().get(20).id());
    }

    @Test
    void large_rendersAboutHundredKilobytesThatZstdShrinksAtLeastThreeTimes() {
        byte[] json = Page.LARGE.json();
        Encoded encoded = Encoded.of(json);
        // docs/performance.md quotes these sizes; a renderer change that moves them far should update the doc.
        assertTrue(json.length > 95_000 && json.length < 110_000, "LARGE renders " + json.length + " bytes");
        assertTrue(encoded.compressed() && encoded.payload().length * 3 < json.length,
                "zstd frame of " + encoded.payload().length + " bytes");
    }

    @Test
    void durov_rendersSmallerThanHundredKilobytes_whichIsWhyLargeExists() {
        int size = Page.DUROV.json().length;
        assertTrue(size > 60_000 && size < 75_000, "DUROV renders " + size + " bytes");
    }
}
