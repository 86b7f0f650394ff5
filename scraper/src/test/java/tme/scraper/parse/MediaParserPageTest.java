package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Media;
import tme.scraper.model.Media.Photo;
import tme.scraper.model.Media.Unsupported;
import tme.scraper.testing.Fixtures;

/** What belongs to a post's media on whole recorded pages, and what does not. */
class MediaParserPageTest {

    /** Posts 485, 488, 491 and 495 have link previews with images: no media. No "open Telegram" block either. */
    @Test
    void durovPage_mediaPerPost() {
        assertEquals(Map.of("durov/481", 1, "durov/483", 1, "durov/489", 1, "durov/490", 1,
                        "durov/493", 1, "durov/494", 1, "durov/498", 1),
                MediaTestPages.counts(MediaTestPages.ofPage("s-durov-2026-05-hortay.html")));
    }

    /** 141887, 141893, 141894 and 141895 have link previews (one with a video player): no media. */
    @Test
    void meduzalivePage_mediaPerPost() {
        assertEquals(Map.of("meduzalive/141879", 1, "meduzalive/141884", 1, "meduzalive/141888", 1,
                        "meduzalive/141890", 3, "meduzalive/141896", 2),
                MediaTestPages.counts(MediaTestPages.ofPage("s-meduzalive-2026-05-hortay.html")));
    }

    @Test
    void topwarPage_mediaPerPost() {
        assertEquals(Map.of("topwar_official/70989", 1, "topwar_official/70992", 3, "topwar_official/70998", 1,
                        "topwar_official/71000", 6, "topwar_official/71006", 1, "topwar_official/71007", 1,
                        "topwar_official/71008", 1),
                MediaTestPages.counts(MediaTestPages.ofPage("s-topwar_official-2023-02-any2feed.html")));
    }

    @Test
    void linkPreviewImagesAndVideos_areNotMedia() {
        for (String fragment : List.of("frag-any2feed-message_link_preview.html",
                "frag-any2feed-message_link_preview_video.html", "frag-any2feed-link_preview.html",
                "frag-any2feed-link_preview_video.html", "frag-tchantest-text_message_link_with_regular_preview.html",
                "frag-tchantest-text_message_link_with_right_preview.html")) {
            assertEquals(List.of(), MediaTestPages.ofFragment(fragment), fragment);
        }
    }

    @Test
    void replyCover_isNotMedia() {
        assertEquals(List.of(), MediaTestPages.ofFragment("frag-tchantest-text_reply_to_video.html"));
    }

    /** Constructed: a recorded photo block moved into a recorded link preview is the preview's, not the post's. */
    @Test
    void mediaBlockInsideLinkPreviewOrReply_isSkipped() {
        Element photo = Jsoup.parse(Fixtures.read("frag-any2feed-media_photo.html")).selectFirst("a");
        Document preview = Jsoup.parse(Fixtures.read("frag-tchantest-text_message_link_with_regular_preview.html"));
        preview.selectFirst(".tgme_widget_message_link_preview").appendChild(photo.clone());
        assertEquals(List.of(), MediaParser.parse(preview.selectFirst(".tgme_widget_message_bubble")));

        Document reply = Jsoup.parse(Fixtures.read("frag-tchantest-text_reply_to_video.html"));
        reply.selectFirst(".tgme_widget_message_reply").appendChild(photo.clone());
        assertEquals(List.of(), MediaParser.parse(reply.selectFirst(".tgme_widget_message_bubble")));
    }

    /** Constructed: a modern post with only the "open Telegram" container means media the web cannot show. */
    @Test
    void modernPostWithOnlyTheNotSupportedContainer_isUnsupported() {
        Document page = Jsoup.parse(Fixtures.read("s-durov-2026-05-hortay.html"));
        Element message = page.selectFirst(".tgme_widget_message[data-post=durov/489]");
        message.selectFirst(".media_supported_cont").remove();
        assertEquals(List.of(new Unsupported("https://t.me/durov/489")),
                MediaParser.parse(MediaTestPages.bubble(message)));
    }

    /** Constructed: an old-markup "not supported" block standing alone in a bubble, not inside a player. */
    @Test
    void standaloneNotSupportedBlock_isUnsupported() {
        Document page = Jsoup.parse(Fixtures.read("frag-tchantest-round_video_single.html"));
        Element bubble = page.selectFirst(".tgme_widget_message_bubble");
        Element notSupported = bubble.selectFirst(".message_media_not_supported_wrap");
        bubble.selectFirst(".tgme_widget_message_roundvideo_player").replaceWith(notSupported);
        assertEquals(List.of(new Unsupported("https://t.me/tchantest/17")), MediaParser.parse(bubble));
    }

    @Test
    void stickerBesideItsNotSupportedContainer_isOnlyTheSticker() {
        List<Media> media = MediaTestPages.ofFragment("frag-tchantest-sticker_message.html");
        assertEquals(1, media.size());
        assertEquals(Media.Sticker.class, media.get(0).getClass());
    }

    @Test
    void postsWithoutMedia_giveEmptyLists() {
        for (String fragment : List.of("frag-tchantest-unsigned_text_message.html", "frag-tchantest-poll.html",
                "frag-tchantest-service_message_channel_created.html", "frag-tchantest-forwarded_text_message.html")) {
            assertEquals(List.of(), MediaTestPages.ofFragment(fragment), fragment);
        }
        assertEquals(List.of(), MediaParser.parse(null));
    }

    /** Blocks with missing parts yield what they have; nothing throws. */
    @Test
    void blocksWithMissingParts_yieldNulls() {
        String html = """
                <div class="tgme_widget_message_bubble">
                  <a class="tgme_widget_message_photo_wrap" style="width:10px"></a>
                  <a class="tgme_widget_message_voice_player"><audio class="tgme_widget_message_voice"></audio></a>
                  <a class="tgme_widget_message_document_wrap"></a>
                  <div class="tgme_widget_message_sticker_wrap"></div>
                  <a class="tgme_widget_message_location_wrap" href="https://maps.google.com/maps?q=abc,1"></a>
                  <a class="tgme_widget_message_video_player"><time class="message_video_duration">soon</time></a>
                </div>""";
        assertEquals(List.of(
                        new Photo(null),
                        new Media.Voice(null, null, null),
                        new Media.Document(null, null),
                        new Media.Sticker(null, null, null),
                        new Media.Location("https://maps.google.com/maps?q=abc,1", null, null),
                        new Media.Video(null, null, new tme.scraper.model.PlayTime("soon", null), false)),
                MediaParser.parse(Jsoup.parse(html).selectFirst(".tgme_widget_message_bubble")));
    }
}
