package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tme.scraper.parse.ParsedAssert.ok;
import static tme.scraper.parse.ParsedAssert.plain;
import static tme.scraper.parse.ParsedAssert.post;

import java.util.List;
import org.junit.jupiter.api.Test;
import tme.scraper.model.LinkPreview;
import tme.scraper.model.MorePage;
import tme.scraper.model.Poll;
import tme.scraper.model.Post;
import tme.scraper.model.Reaction;
import tme.scraper.model.Reply;
import tme.scraper.testing.Fixtures;

/** Post parts read from recorded fragments and pages: replies, forwards, previews, polls, footers. */
class PostPartsTest {

    static Post only(String fixture) {
        Parsed.Ok<MorePage> parsed = ok(MoreParser.parse(Fixtures.read(fixture), ParserMode.FULL));
        assertEquals(0, parsed.oddPosts());
        assertEquals(1, parsed.value().posts().size());
        return parsed.value().posts().getFirst();
    }

    private static List<Post> meduza() {
        return ok(ChannelPageParser.parse(Fixtures.read("s-meduzalive-2026-05-hortay.html"), ParserMode.FULL))
                .value().posts();
    }

    @Test
    void reply_quoteIsNotThePostsOwnText() {
        Post post = post(meduza(), 141883);
        Reply reply = post.content().reply();

        assertEquals(141875, reply.toMessage());
        assertEquals("Медуза — LIVE", plain(reply.name()));
        assertEquals("Медуза — LIVE", reply.name().html());
        assertTrue(plain(reply.text()).startsWith("Шатдаун ко Дню Победы. Что известно к этой минуте"));
        assertTrue(plain(post.content().text()).startsWith("Предупреждения об отключении мобильного интернета"));
        assertFalse(post.content().text().string().contains("Шатдаун ко Дню Победы"));
        assertNull(reply.cover());
    }

    @Test
    void reply_everyReplyOnThePageKeepsItsTarget() {
        List<Post> posts = meduza();

        assertEquals(141811, post(posts, 141886).content().reply().toMessage());
        assertTrue(plain(post(posts, 141886).content().reply().text()).startsWith("Суд арестовал все имущество"));
        assertTrue(plain(post(posts, 141886).content().text()).startsWith("Суд передал государству"));
        assertEquals(141887, post(posts, 141888).content().reply().toMessage());
        assertTrue(plain(post(posts, 141888).content().text()).startsWith("Разведка европейской страны"));
        assertEquals(3, posts.stream().filter(p -> p.content().reply() != null).count());
    }

    @Test
    void reply_toMediaQuotesItsKindAndCarriesTheCover() {
        Post post = only("frag-tchantest-text_reply_to_video.html");
        Reply reply = post.content().reply();

        assertEquals(20, post.id());
        assertEquals(19, reply.toMessage());
        assertTrue(plain(reply.name()).startsWith("tchan's test channel"));
        assertEquals("Video", plain(reply.text()));
        assertTrue(reply.cover().startsWith("https://cdn1.telegram-cdn.org/file/nWyXAzTHX19MAA8oKaS4tcW-afBU7oOvCpQfVX"));
        assertEquals("Reply to a video (not recorded in telegram)", plain(post.content().text()));
    }

    @Test
    void forwarded_fromASourceWithoutPublicLink() {
        Post post = only("frag-any2feed-message_voice.html");

        assertEquals(939, post.id());
        assertEquals("Спортивный Екб", plain(post.forwarded().name()));
        assertNull(post.forwarded().url());
        assertEquals("746", post.footer().views());
    }

    @Test
    void forwarded_fromAUser() {
        Post post = only("frag-tchantest-forwarded_text_message.html");

        assertEquals(89, post.id());
        assertEquals("Some user", plain(post.forwarded().name()));
        assertEquals("https://t.me/some_user", post.forwarded().url());
        assertEquals(";)", plain(post.content().text()));
    }

    @Test
    void linkPreview_rightImageIsTheThumb() {
        LinkPreview preview = only("frag-tchantest-text_message_link_with_right_preview.html").content().preview();

        assertEquals("Python.org", preview.siteName());
        assertEquals("Welcome to Python.org", preview.title());
        assertEquals("The official home of the Python Programming Language", plain(preview.description()));
        assertTrue(preview.thumb().startsWith("https://cdn4.telegram-cdn.org/file/mcgzW-avL5x2aBHAMw_8xb-ME"));
        assertEquals("https://www.python.org/", preview.url());
    }

    @Test
    void linkPreview_withoutDescriptionOrImage() {
        Post post = only("frag-tchantest-message_weird_preview.html");
        LinkPreview preview = post.content().preview();

        assertEquals(7334, post.id());
        assertEquals("Portal da Câmara dos Deputados", preview.siteName());
        assertTrue(preview.title().startsWith("Câmara aprova projeto que aumenta penas"));
        assertNull(preview.description());
        assertNull(preview.thumb());
        assertEquals("http://bit.ly/3Tq1C4G", preview.url());
        assertTrue(post.footer().edited());
    }

    @Test
    void linkPreview_videoThumbAndLargeImage() {
        LinkPreview video = only("frag-any2feed-message_link_preview_video.html").content().preview();
        assertEquals("Shalnyak", video.title());
        assertEquals("https://t.me/shalnyak/5410", video.url());
        assertTrue(video.thumb().startsWith("https://cdn4.telegram-cdn.org/file/RJ8QZu8BMHl5KIbKGTBiE-xqa"));

        LinkPreview large = post(meduza(), 141894).content().preview();
        assertEquals("Meduza", large.siteName());
        assertTrue(large.thumb().startsWith("https://cdn4.telesco.pe/file/bOKJ5ghLChZ-N9H5wCYtTBO_j0qzFlN"));
        assertEquals("https://meduza.io/amp/feature/2026/05/05/v-kazhdom-vtorom-regione-rossii-otklyuchat-internet-"
                + "iz-za-9-maya-vot-spisok", large.url());
        assertTrue(plain(large.description()).startsWith("Операторы связи и"));
    }

    @Test
    void poll_optionsPercentsTypeAndVoters() {
        Post post = only("frag-any2feed-message_poll.html");
        Poll poll = post.content().poll();

        assertEquals(488, post.id());
        assertEquals("Как лучше?", poll.question());
        assertEquals("Anonymous Poll", poll.type());
        assertEquals("222", poll.votes());
        assertEquals(List.of(new Poll.Option("Несколько постов в день", 16),
                new Poll.Option("Один пост в несколько дней", 83),
                new Poll.Option("Свой вариант в комментарии", 3)), poll.options());
        assertEquals("1.1K", post.footer().views());
        assertNull(post.content().text());
    }

    @Test
    void poll_quizWithNoVotes() {
        Poll poll = only("frag-tchantest-poll.html").content().poll();

        assertEquals("Let's do a quick poll quizz mode", poll.question());
        assertEquals("Anonymous Quiz", poll.type());
        assertEquals("0", poll.votes());
        assertEquals(List.of(new Poll.Option("Opt1", 0), new Poll.Option("Opt2", 0), new Poll.Option("Opt3", 0)),
                poll.options());
    }

    @Test
    void footer_signedAndEdited() {
        Post post = only("frag-tchantest-signed_edited_text_message.html");

        assertEquals(5, post.id());
        assertEquals("Álvaro Justen", plain(post.footer().author()));
        assertTrue(post.footer().edited());
        assertEquals("2", post.footer().views());
        assertEquals("2023-02-24T07:29:57+00:00", post.footer().date().string());
        assertEquals(1677223797L, post.footer().date().unix());
    }

    @Test
    void footer_signedNotEditedAndUnsigned() {
        Post signed = only("frag-tchantest-text_message_signed_not_edited.html");
        assertEquals("Álvaro Justen", plain(signed.footer().author()));
        assertFalse(signed.footer().edited());

        Post unsigned = only("frag-tchantest-unsigned_text_message.html");
        assertNull(unsigned.footer().author());
        assertFalse(unsigned.footer().edited());
        assertEquals("Unsigned message", plain(unsigned.content().text()));
        assertEquals(1677223839L, unsigned.footer().date().unix());
    }

    @Test
    void footer_editedWithoutSignature() {
        Post post = only("frag-tchantest-text_message_link_no_preview.html");

        assertEquals(24, post.id());
        assertTrue(post.footer().edited());
        assertNull(post.footer().author());
        assertNull(post.content().preview());
    }

    @Test
    void viewToken_isReadWhereTheFragmentHasOne() {
        assertEquals("eyJjIjotMTU5MTUzNzY3NCwicCI6MjAsInQiOjE2NzcyMjU1MzQsImgiOiJjOWI2MGJhOWUyODY0YmMyZjMifQ",
                only("frag-tchantest-text_reply_to_video.html").view());
        // The any2feed fragments were copied from devtools without data-view.
        assertNull(only("frag-any2feed-message_poll.html").view());
    }

    @Test
    void albumCaption_tchantestNestedTextDiv() {
        Post post = only("frag-tchantest-photo_multiple.html");

        assertEquals(14, post.id());
        assertEquals("Multiple pics", plain(post.content().text()));
        assertNotEquals(-1, post.content().text().html().indexOf("Multiple pics"));
        assertFalse(post.content().text().html().contains("tgme_widget_message_text"));
    }

    @Test
    void embedWidget_messageIsTheRoot() {
        Post post = only("embed-durov-505-2026-05-neotolis.html");

        assertEquals(505, post.id());
        assertEquals("eyJjIjotMTAwNjUwMzEyMiwicCI6NTA1LCJ0IjoxNzgwOTQ0NjUzLCJoIjoiMDYzODVkMWI2ZWE4OTM0ZDZjIn0",
                post.view());
        assertEquals("3.71M", post.footer().views());
        assertEquals("Pavel Durov", plain(post.footer().author()));
        assertEquals("2026-05-08T17:41:53+00:00", post.footer().date().string());
        assertEquals(1778262113L, post.footer().date().unix());
        assertTrue(plain(post.content().text()).startsWith("🫴 TON is #1 in annual staking rewards"));
        assertInstanceOf(Reaction.Paid.class, post.content().reactions().getFirst());
        assertEquals("27.7K", post.content().reactions().getFirst().count());
    }
}
