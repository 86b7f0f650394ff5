package tme.scraper.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecordedPagesTest {

    private final RecordedPages pages = RecordedPages.shared();

    @Test
    void channelPage_matchesTheLowerCasedName() {
        assertEquals(Optional.of(Fixtures.read("s-durov-2026-05-hortay.html")), pages.channelPage("DuRoV"));
        assertEquals(Optional.of(Fixtures.read("s-topwar_official-2023-02-any2feed.html")),
                pages.channelPage("topwar_official"));
        assertEquals(Optional.empty(), pages.channelPage("duro"));
    }

    @Test
    void preview_isEmptyWithoutARecording() {
        assertEquals(Optional.empty(), pages.preview("nosuchchannel"));
    }

    @Test
    void contactPage_isTheRecordedNotFoundPage() {
        assertEquals(Fixtures.read("notfound-zzqxnonexistenthandle99887766-2026-neotolis.html"), pages.contactPage());
    }

    @Test
    void history_isCutOnceAndShared() {
        assertEquals(20, pages.history("durov").orElseThrow().posts().size());
        assertEquals(pages.history("durov").orElseThrow(), pages.history("DUROV").orElseThrow());
    }
}
