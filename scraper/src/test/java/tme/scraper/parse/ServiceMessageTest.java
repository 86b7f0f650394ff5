package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.parse.ParsedAssert.ok;
import static tme.scraper.parse.ParsedAssert.plain;
import static tme.scraper.parse.PostPartsTest.only;

import org.junit.jupiter.api.Test;
import tme.scraper.model.Post;
import tme.scraper.model.ServiceMessage;
import tme.scraper.testing.Fixtures;

class ServiceMessageTest {

    @Test
    void channelCreated() {
        Post post = only("frag-tchantest-service_message_channel_created.html");

        assertEquals(1, post.id());
        ServiceMessage.ChannelCreated created =
                assertInstanceOf(ServiceMessage.ChannelCreated.class, post.content().service());
        assertEquals("Channel created", plain(created.text()));
        assertNull(post.footer().views());
        assertEquals(1677223609L, post.footer().date().unix());
    }

    @Test
    void renamed_carriesTheNewTitle() {
        Post post = only("frag-tchantest-service_message_channel_name_changed.html");

        assertEquals(2, post.id());
        ServiceMessage.Renamed renamed = assertInstanceOf(ServiceMessage.Renamed.class, post.content().service());
        assertEquals("tchan's test channel", renamed.title());
        assertTrue(plain(renamed.text()).startsWith("Channel name was changed to «"));
    }

    @Test
    void photoChanged_carriesTheNewPhoto() {
        Post post = only("frag-tchantest-service_message_channel_photo_updated.html");

        assertEquals(3, post.id());
        ServiceMessage.PhotoChanged changed =
                assertInstanceOf(ServiceMessage.PhotoChanged.class, post.content().service());
        assertTrue(changed.photo().startsWith("https://cdn1.telegram-cdn.org/file/DL-kcK51w4o7tyr5QWQWK7Yex"));
        assertEquals("Channel photo updated", plain(changed.text()));
    }

    @Test
    void pinned_quotesThePinnedPost() {
        Post post = only("frag-tchantest-service_message_pinned.html");

        assertEquals(92, post.id());
        ServiceMessage.Pinned pinned = assertInstanceOf(ServiceMessage.Pinned.class, post.content().service());
        assertEquals("Going to pin this message", pinned.quote());
        // This capture does not link the pinned post.
        assertNull(pinned.message());
        assertTrue(plain(pinned.text()).endsWith("pinned «Going to pin this message»"));
    }

    @Test
    void videoChangedFixture_isAnOrdinaryPost() {
        // Despite its name, tchan's "channel video changed" capture is a normal post whose text says so.
        Post post = only("frag-tchantest-service_message_channel_video_changed.html");

        assertEquals(82, post.id());
        assertNull(post.content().service());
        assertEquals("+ \"Channel video changed\"", plain(post.content().text()));
        assertEquals("3.1M", post.footer().views());
    }

    @Test
    void simplifiedMode_dropsTheServiceKindButKeepsTheText() {
        Post post = ok(MoreParser.parse(
                Fixtures.read("frag-tchantest-service_message_pinned.html"),
                ParserMode.SIMPLIFIED)).value().posts().getFirst();

        assertNull(post.content().service());
        assertTrue(plain(post.content().text()).endsWith("pinned «Going to pin this message»"));
    }
}
