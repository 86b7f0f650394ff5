package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Media;
import tme.scraper.model.Media.Audio;
import tme.scraper.model.Media.Location;
import tme.scraper.model.Media.Location.LatLon;
import tme.scraper.model.Media.Sticker;
import tme.scraper.model.Media.Sticker.Format;
import tme.scraper.testing.Fixtures;

/** Documents, music, stickers and locations from recorded t.me markup. */
class MediaParserFileTest {

    @Test
    void document_titleAndSizeAsShown() {
        assertEquals(List.of(new Media.Document("Оппозиционные медиапроекты.pdf", "2.1 MB")),
                MediaTestPages.ofFragment("frag-any2feed-message_media_file.html"));
    }

    @Test
    void audioDocument_titleAndPerformer() {
        assertEquals(List.of(new Audio("AUD-20130329-WA0000", "portadosfundos", null)),
                MediaTestPages.ofFragment("frag-tchantest-audio_document.html"));
    }

    @Test
    void meduzaliveAudio_titleAndPerformer() {
        var page = MediaTestPages.ofPage("s-meduzalive-2026-05-hortay.html");
        assertEquals(List.of(new Audio("Чудо-технология из Кремниевой долины?", "Радио Медуза", null)),
                page.get("meduzalive/141879"));
        assertEquals(List.of(new Audio("Заговор элит против Путина", "Meduza.Что случилось", null)),
                page.get("meduzalive/141888"));
    }

    /** The picture's {@code <source type="image/svg+xml">} is a data-URI placeholder, not a thumb. */
    @Test
    void animatedSticker_tgsFromTheSourceSrcset() {
        assertEquals(List.of(new Sticker(Format.TGS, "https://cdn4.telegram-cdn.org/file/sticker.tgs?token=H..G", null)),
                MediaTestPages.ofFragment("frag-any2feed-message_sticker.html"));
    }

    /** Constructed from the recorded sticker by adding the {@code <img>} t.me puts in the picture. */
    @Test
    void animatedStickerWithImg_thumbFromThePicture() {
        Document page = Jsoup.parse(Fixtures.read("frag-any2feed-message_sticker.html"));
        page.selectFirst("picture").appendElement("img").attr("src", "//cdn4.telegram-cdn.org/file/sticker.webp");
        assertEquals(List.of(new Sticker(Format.TGS, "https://cdn4.telegram-cdn.org/file/sticker.tgs?token=H..G",
                        "https://cdn4.telegram-cdn.org/file/sticker.webp")),
                MediaParser.parse(page.selectFirst(".tgme_widget_message_bubble")));
    }

    /** Its background is a data-URI placeholder, so there is no thumb. */
    @Test
    void stillSticker_webpFromDataWebp() {
        assertEquals(List.of(new Sticker(Format.WEBP,
                        "https://cdn1.telegram-cdn.org/file/5b5c6e1325.webp?token=chQuhI8SVanorZnNJ_PTvHtJR1UOPC_cIjPNCVXhhG40BqJ9cpBCgrQy0NazQTCWO7bG_6JyNI4mFboxXSTcZJvATVgKwRTEkzFzeVen9a5AaZV36NUk9AWXUWFOaAX6jY4fKMQ3Sq6hicdTU4OjX4SvrwX501-pRHzw7b-dXMPwymHqMNwE-eVpiFu827y32eSOulEDWMvg2LMpmsIpks0b7fXcO-V-JvGwDvMsjVRy82406A5zElMjdD6lgBXZy5Hg79AyyVMJOprENkM0DY0evphw3gmq5G7YreJ9EcWIPX7K9skVfukCFxCxqjlHxV6T4aFGwxlZEJywBw_7pg", null)),
                MediaTestPages.ofFragment("frag-tchantest-sticker_message.html"));
    }

    /**
     * No recorded page has a video sticker. This markup is constructed from what t.me's own post script
     * ({@code TVideoSticker}: a {@code .js-videosticker} holding a {@code <video>} with an {@code <img>} thumb)
     * and other scrapers ({@code video.js-videosticker_video}) expect.
     */
    @Test
    void videoSticker_webmWithImgThumb_constructed() {
        String html = """
                <div class="tgme_widget_message_bubble">
                  <div class="tgme_widget_message_sticker_wrap media_supported_cont">
                    <div class="tgme_widget_message_videosticker js-videosticker" style="width:256px;">
                      <video class="js-videosticker_video" src="https://cdn4.telesco.pe/file/s.webm?token=t" muted loop>
                        <img src="//cdn4.telesco.pe/file/s.webp">
                      </video>
                    </div>
                  </div>
                </div>""";
        assertEquals(List.of(new Sticker(Format.WEBM, "https://cdn4.telesco.pe/file/s.webm?token=t",
                        "https://cdn4.telesco.pe/file/s.webp")),
                MediaParser.parse(Jsoup.parse(html).selectFirst(".tgme_widget_message_bubble")));
    }

    @Test
    void location_mapLinkImageAndCoordinates() {
        assertEquals(List.of(new Location(
                        "https://maps.google.com/maps?q=-23.930587176407,-44.086305367818&ll=-23.930587176407,-44.086305367818&z=16",
                        "https://static-maps.yandex.ru/1.x/?l=map&ll=-44.086305367818,-23.930587176407&z=15&size=600,300&scale=1.5&pt=-44.086305367818,-23.930587176407,comma&lang=en_US",
                        new LatLon(-23.930587176407, -44.086305367818))),
                MediaTestPages.ofFragment("frag-tchantest-location_message.html"));
    }

    @Test
    void otherLocations_coordinates() {
        Location second = (Location) MediaTestPages.ofFragment("frag-tchantest-location_message_2.html").get(0);
        assertEquals(new LatLon(-23.532363086523, -46.689620092745), second.position());
        Location third = (Location) MediaTestPages.ofFragment("frag-tchantest-location_message_3.html").get(0);
        assertEquals(new LatLon(-23.531972140424, -46.689076113848), third.position());
    }

    /** Constructed from the recorded location without its link: the Yandex map names longitude first. */
    @Test
    void locationWithoutLink_coordinatesFromTheMapImage() {
        Document page = Jsoup.parse(Fixtures.read("frag-tchantest-location_message_2.html"));
        page.selectFirst("a.tgme_widget_message_location_wrap").removeAttr("href");
        Location location = (Location) MediaParser.parse(page.selectFirst(".tgme_widget_message_bubble")).get(0);
        assertEquals(null, location.url());
        assertEquals(new LatLon(-23.532363086523, -46.689620092745), location.position());
    }
}
