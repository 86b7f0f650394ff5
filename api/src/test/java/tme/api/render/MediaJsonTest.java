package tme.api.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tme.scraper.model.Media;
import tme.scraper.model.Media.Location.LatLon;
import tme.scraper.model.Media.Sticker.Format;
import tme.scraper.model.PlayTime;

/** Wire shape of media items; values taken from the recorded pages the parser tests read. */
class MediaJsonTest {

    private static final JsonFactory FACTORY = new JsonFactory();

    private static final String VIDEO_URL = "https://cdn4.telesco.pe/file/a5b199be2a.mp4?token=vxNpREGNsoacCo29t5h92VjF1zrev8TideWnez37Racjcs0klLEp8UF42r8RcYt1eMpPqJNlO04Rt5TbcUpccFs4qPIks32TzNZyqRS1iV9Jp_9HsF1MvGo9_z4Z_XGpgqPu49qPnj3KKELA4DUEsVQNZhy4Cuf4FTlGpUaBIO0qOfdC5SAESzwTfPvVmfbzINIXlWMiId9CSpUXCGQ_B4dl4E3hqSZrYdOEKwVjSdZo8jywl0wL2fdnXbGcDXMqk1xYPPOkcYliP2XXvMwl53oGmCkseQUmM48Q0uZOdTCEEFKuWOb93EoXkr9r5pMVXrKsz4HATQl4KcQRvsvtqQ";
    private static final String VIDEO_THUMB = "https://cdn4.telesco.pe/file/IMc3OYiV7f__AzvLQ74P0p8BL-nxR_y5CEF2SB-pH6sjj2uejJfX1izZ4PWX4ISDNxAWLJsQUtIHFonY30BTcKqDUSL78Lw5ibjYJhV6RqJvcnXbZezvYGer9L01zQe7DzfA2iI9F-dfd23CRXNMbjxMOFCFG47mF2E3TG_J3V9ptFx3rhxEBxPKR6EgT1XIjIPEh-Bph0K7mHHSx0TLJuGzrJvavO6XhWyseaCgMb44ShModyKgke51lOjLIlM0s13UOPLhB9fFpEsfXIpef7dTxvFcObL_6o0hhdhXBo1Zisy8QPXP1nfOL9AI1hld1vETSff_2S7iMJ1lxlMWvQ";
    private static final String TOO_BIG_THUMB = "https://cdn4.telegram-cdn.org/file/IMkSHRbvHUIIZKDwIm-sRYJvUdcimoRy_pMqcP9vczAxXuhYfRX-5m7Thc_Yj6DT-PKJu_436o5s6LSe6latdvU8Ix4-x_XhjoxFRRmIqplCzMpJcsM1WlbXpqKZKu-kJqDUYmAgo22OQO_en3K7Mso18NPpwdSrD85pRx3hRCoRgX9uCUts8Sjt4moFrnM2tDl1vN24h4fxqHWeUkH0LGIBnx4J0ahLxkazV-LqZNLO7lLPtRgZ5EWJCBXUmjOQO8qolo0oX1ZK_8wmaBdl00IIcrLPX_UnBVcRE_kxnEI0EKO7p586MZfdZQhksl_qX0jjU8P7p8d7zUtI75nXqA";

    private static String json(Media media) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            MediaJson.write(json, media, null, 0, 0);
        }
        return out.toString();
    }

    private static JsonObject object(Media media) throws IOException {
        return new JsonObject(json(media));
    }

    @Test
    void photo_typeImageAndUrl() throws IOException {
        JsonObject photo = object(new Media.Photo("https://cdn4.telesco.pe/file/EiSFoHsjU0na5hS-S8BT27tBZb911okKnlhVoio3l4TlJOc38-kpYxX6G6DHfL7ZhwtUJJ-xRbikGxVRGkMXoObd4XRhf-6Mkdxg079KCOqBWOvqFufB35UdiQ1TuiFQUFLBnLGBt_n3G_wIdaDCfdSFUE0Kbvaa5ke9Qev5t71FsoZwJc9ajBXKS8Gy6uDYUetOV8R_lfPMtJWOrQ3W1OEFHiJ0hrbXnbC-goVWQddro3woiVKKkBZBzv1HXGIjUBh_VOGAyP2a3bnIx1W3qOImys47nyVlUdiG_krdClC9QeLJJe47Kmo0f6xHgNydz7kNNrTVmvYpq8ERDRg50w.jpg"));
        assertEquals(Set.of("type", "url"), photo.fieldNames());
        assertEquals("image", photo.getString("type"));
        assertEquals("https://cdn4.telesco.pe/file/EiSFoHsjU0na5hS-S8BT27tBZb911okKnlhVoio3l4TlJOc38-kpYxX6G6DHfL7ZhwtUJJ-xRbikGxVRGkMXoObd4XRhf-6Mkdxg079KCOqBWOvqFufB35UdiQ1TuiFQUFLBnLGBt_n3G_wIdaDCfdSFUE0Kbvaa5ke9Qev5t71FsoZwJc9ajBXKS8Gy6uDYUetOV8R_lfPMtJWOrQ3W1OEFHiJ0hrbXnbC-goVWQddro3woiVKKkBZBzv1HXGIjUBh_VOGAyP2a3bnIx1W3qOImys47nyVlUdiG_krdClC9QeLJJe47Kmo0f6xHgNydz7kNNrTVmvYpq8ERDRg50w.jpg", photo.getString("url"));
    }

    @Test
    void video_durationFormattedAndRaw_noAvailableKey() throws IOException {
        JsonObject video = object(new Media.Video(VIDEO_URL, VIDEO_THUMB, new PlayTime("0:09", Duration.ofSeconds(9)), true));
        assertEquals(Set.of("type", "url", "thumb", "duration"), video.fieldNames());
        assertEquals("video", video.getString("type"));
        assertEquals(VIDEO_URL, video.getString("url"));
        assertEquals(VIDEO_THUMB, video.getString("thumb"));
        assertEquals(new JsonObject().put("formatted", "0:09").put("raw", 9), video.getJsonObject("duration"));
    }

    /** Field order follows the prior-art contract: type, url, thumb, waves, duration, available. */
    @Test
    void tooBigVideo_noUrl_availableFalse_exactText() throws IOException {
        String text = json(new Media.Video(null, TOO_BIG_THUMB, new PlayTime("1:09", Duration.ofSeconds(69)), false));
        assertEquals("{\"type\":\"video\",\"thumb\":\"" + TOO_BIG_THUMB
                + "\",\"duration\":{\"formatted\":\"1:09\",\"raw\":69},\"available\":false}", text);
    }

    @Test
    void unparseableDuration_keepsFormatted_leavesRawOut() throws IOException {
        JsonObject video = object(new Media.Video(VIDEO_URL, null, new PlayTime("LIVE", null), true));
        assertEquals(new JsonObject().put("formatted", "LIVE"), video.getJsonObject("duration"));
        assertFalse(video.containsKey("thumb"));
    }

    @Test
    void gif_noDuration() throws IOException {
        JsonObject gif = object(new Media.Gif("https://cdn4.telesco.pe/file/05b3c8b3b9.mp4?token=aC5WgzhO807xX2YGzG3wZVKn-rbbBdJ3bR_DLOxNMRFKqg5m9xKE8T0Cv_QFSe7Xd0b5vo73_JM3TQ2BmxGYFyox0oEFyv1qyPCwGwtn1ZzW5Gtrm4K5Ycd32hrAU0yUMwEUnwn0tSh7aLrt96yDkX5xIQH7dWyDLLkKB9pNf6P-Q4sCModzDO_8dP42o9VOL0FtEF2ROpyEj4coyEV_AOs15aRYpz3xBghE6ypv7pSiMAObYGm0We5IejwzYIV5rsm7Naxv1CA4P07HXRaJFdJ7YOgH0slrOdWVSs2jUtufRXuJfJ6hKcLJ0C7-LqawWGM4dwnHL3x5SkXOT-RzQA",
                "https://cdn4.telesco.pe/file/BvYOb-FJoCX6dSdA_EJZ0PnSKLvvb0aeqWgyGnXR4w3ocsY2KUF-gNcJfhvv3ORrNW0ZnoR6lNYhGHEvcIEJdGsilan0W-EP43p552O03HBIgB70RbW1bBnZkGx8DRY6V043f8pJKv8OahFK78vY5bDM2XxVgeQqeCFLVmwc1qZrFfLCOMBrc6beNC73wbFJBBV4No2E3n-PEP-HMyom8h6S5hKOtHlVaT9SW_9Hb9V59_10m0M_p6w6bwwS28c1Z0Hn4dxpH1sMEgA1rMDAV2ET-pyJiCk35Fqy1A3nMNOQwaqj7Q1h8L2eNpqrZ6u15ybUy_5qz-AQrxKIBUqL0A", true));
        assertEquals(Set.of("type", "url", "thumb"), gif.fieldNames());
        assertEquals("gif", gif.getString("type"));
        assertEquals("https://cdn4.telesco.pe/file/05b3c8b3b9.mp4?token=aC5WgzhO807xX2YGzG3wZVKn-rbbBdJ3bR_DLOxNMRFKqg5m9xKE8T0Cv_QFSe7Xd0b5vo73_JM3TQ2BmxGYFyox0oEFyv1qyPCwGwtn1ZzW5Gtrm4K5Ycd32hrAU0yUMwEUnwn0tSh7aLrt96yDkX5xIQH7dWyDLLkKB9pNf6P-Q4sCModzDO_8dP42o9VOL0FtEF2ROpyEj4coyEV_AOs15aRYpz3xBghE6ypv7pSiMAObYGm0We5IejwzYIV5rsm7Naxv1CA4P07HXRaJFdJ7YOgH0slrOdWVSs2jUtufRXuJfJ6hKcLJ0C7-LqawWGM4dwnHL3x5SkXOT-RzQA", gif.getString("url"));
    }

    @Test
    void roundVideo() throws IOException {
        JsonObject round = object(new Media.RoundVideo(
                "https://cdn1.telegram-cdn.org/file/68145c80a1.mp4?token=Asgm3ihYDp5WkmfxRXtMximu8cGDQy4Y2UIeZ3JmSNpRz-oDSsXbORc8H4V4oaR4LkaIEFfPz82hrRD1Fvu2wNDljkcCVbxwa0D5iD_sfhWKTDK3Hfy1Fu1hQPZG0b4-1rEkNIfRJp8T_H0nW6Rej80Nl8I8xZAINfHAe0ibS6Qs5R4IudWG4ULL3NRmJLzGDM92YlqVlkEzwvLB9au1G0jczynEbJ7qn5npIxQYPPIBzZehLtZHAXqp_cnq6moGUL6mAfK1tOPqN13wVfizhtv2XHy8WqvaEVxZMTWFyMu64nPc1aB1EGsfvdgSdpV-pENMcsH5ihLEbwfCTbQPFw",
                "https://cdn1.telegram-cdn.org/file/U9Z-cXN1H4Y4JdCGNLPCaw8Y_4idAGdFDGqOMSS20fsGBN0OWrzYo-rtvGIgex8IkoAGGjqz2DduF369l5kY_jGB1zd7NpE9rqgSnB1hhUVFmxWqhP3bzsyTjJRABWJns176vCa_Jn8CEjHFddu39ONkG4Hyqc7wGDA6eOOMFF2pATNxePd-Jg056jTn79In9byN7cKk5Rlkt2hkY02vlaee_eokRInwNRQShvJ59Xdv0gEQV27DpSbjFvc4Ci_66unLiu3aWWA50etg5CbB2nmtSfLSs7ujGBteh5Aw9z0HjB4BVw3eNbZVrDKBUTe_5eFw6XE4RKwRnJ8LL4TPuA",
                new PlayTime("0:05", Duration.ofSeconds(5))));
        assertEquals("roundvideo", round.getString("type"));
        assertEquals("https://cdn1.telegram-cdn.org/file/U9Z-cXN1H4Y4JdCGNLPCaw8Y_4idAGdFDGqOMSS20fsGBN0OWrzYo-rtvGIgex8IkoAGGjqz2DduF369l5kY_jGB1zd7NpE9rqgSnB1hhUVFmxWqhP3bzsyTjJRABWJns176vCa_Jn8CEjHFddu39ONkG4Hyqc7wGDA6eOOMFF2pATNxePd-Jg056jTn79In9byN7cKk5Rlkt2hkY02vlaee_eokRInwNRQShvJ59Xdv0gEQV27DpSbjFvc4Ci_66unLiu3aWWA50etg5CbB2nmtSfLSs7ujGBteh5Aw9z0HjB4BVw3eNbZVrDKBUTe_5eFw6XE4RKwRnJ8LL4TPuA", round.getString("thumb"));
        assertEquals(5, round.getJsonObject("duration").getInteger("raw"));
    }

    @Test
    void voice_wavesAndDuration() throws IOException {
        String waves = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,2,15,19,31,31,31,31,31,31,31,31,31,31,31,31,28,17,15,18,21,0,17,4,10,2,0,0,0,0,0,0,0,0,0";
        JsonObject voice = object(new Media.Voice("https://cdn1.telegram-cdn.org/file/29881a3f30.ogg?token=RPh7-yUn9te932hRlzltMAmWTgmmAzD_PswWMJnmCZSfQQ63SfT5jfT_IpSq71gXP0d5F_G3fZLc1mxLuPR_NFSBVncAk7hvT5086hIQJfHX8qoE8VW-714sWoGTqVv6l35yS7V8_hCkt4KD2kW3F_5K2MPJ6yKPHBB4VzvlLmrwUoVVTPPOl2NJypUtDdN2fwFj7TkeZYHu0jrtKGrynmmBOp36SHpks7c9bkkL8HcaHhlzZXCBzibbWh0IM895baESbOimQrxnUwuTE9gv_VHGa_EMiwBD71p_NyHYPfpgNxGi1TPCVzJSO5QVPXDBZ3MSHoYI4COLZMt_4wwx1A", waves,
                new PlayTime("0:01", Duration.ofSeconds(1))));
        assertEquals(Set.of("type", "url", "waves", "duration"), voice.fieldNames());
        assertEquals("voice", voice.getString("type"));
        assertTrue(voice.getString("waves").startsWith("0,0,0,0,0,0,0,0,0,0,"));
        assertEquals(waves, voice.getString("waves"));
        assertEquals(1, voice.getJsonObject("duration").getInteger("raw"));
    }

    @Test
    void voiceWithoutWaveform_leavesWavesOut() throws IOException {
        JsonObject voice = object(new Media.Voice(null, null, new PlayTime("27:40", Duration.ofSeconds(1660))));
        assertEquals(Set.of("type", "duration"), voice.fieldNames());
        assertEquals(1660, voice.getJsonObject("duration").getInteger("raw"));
    }

    @Test
    void audioAndDocument() throws IOException {
        JsonObject audio = object(new Media.Audio("Заговор элит против Путина", "Meduza.Что случилось", null));
        assertEquals(new JsonObject().put("type", "audio").put("title", "Заговор элит против Путина")
                .put("performer", "Meduza.Что случилось"), audio);
        JsonObject document = object(new Media.Document("Оппозиционные медиапроекты.pdf", "2.1 MB"));
        assertEquals(new JsonObject().put("type", "document").put("title", "Оппозиционные медиапроекты.pdf")
                .put("size", "2.1 MB"), document);
    }

    @Test
    void stickers_format() throws IOException {
        JsonObject tgs = object(new Media.Sticker(Format.TGS, "https://cdn4.telegram-cdn.org/file/sticker.tgs?token=H..G", null));
        assertEquals(new JsonObject().put("type", "sticker")
                .put("url", "https://cdn4.telegram-cdn.org/file/sticker.tgs?token=H..G").put("format", "tgs"), tgs);
        assertEquals("webp", object(new Media.Sticker(Format.WEBP, "https://x.org/s.webp", null)).getString("format"));
        JsonObject webm = object(new Media.Sticker(Format.WEBM, "https://x.org/s.webm", "https://x.org/s.webp"));
        assertEquals("webm", webm.getString("format"));
        assertEquals("https://x.org/s.webp", webm.getString("thumb"));
    }

    @Test
    void location_coordinatesAsNumbers() throws IOException {
        JsonObject location = object(new Media.Location(
                "https://maps.google.com/maps?q=-23.930587176407,-44.086305367818&ll=-23.930587176407,-44.086305367818&z=16",
                null, new LatLon(-23.930587176407, -44.086305367818)));
        assertEquals("location", location.getString("type"));
        assertEquals(-23.930587176407, location.getDouble("latitude"));
        assertEquals(-44.086305367818, location.getDouble("longitude"));
        assertTrue(location.getString("url").startsWith("https://maps.google.com/maps?q=-23.930587176407,"));
        assertFalse(location.containsKey("thumb"));
    }

    @Test
    void locationWithoutPosition_leavesCoordinatesOut() throws IOException {
        assertEquals(Set.of("type", "url"), object(new Media.Location("https://maps.google.com/maps", null, null)).fieldNames());
    }

    @Test
    void unsupported_viewInTelegramLink() throws IOException {
        assertEquals(new JsonObject().put("type", "unsupported").put("url", "https://t.me/durov/489"),
                object(new Media.Unsupported("https://t.me/durov/489")));
    }

    @Test
    void writesIntoAnOpenArray() throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartArray();
            for (Media media : List.of(new Media.Photo("https://x.org/p.jpg"), new Media.Gif(null, null, false))) {
                MediaJson.write(json, media, null, 0, 0);
            }
            json.writeEndArray();
        }
        assertEquals(new JsonArray()
                        .add(new JsonObject().put("type", "image").put("url", "https://x.org/p.jpg"))
                        .add(new JsonObject().put("type", "gif").put("available", false)),
                new JsonArray(out.toString()));
    }

    @Test
    void durableLinks_forItemsWithACdnFile_andThumbsWhereThereAreAny() throws IOException {
        assertEquals(new JsonObject().put("type", "image").put("url", "https://x.org/p.jpg")
                        .put("stable_url", "/v1/media/durov/481/2"),
                linked(new Media.Photo("https://x.org/p.jpg"), 481, 2));
        assertEquals(new JsonObject().put("type", "video").put("url", VIDEO_URL).put("thumb", VIDEO_THUMB)
                        .put("stable_url", "/v1/media/durov/489/0").put("stable_thumb", "/v1/media/durov/489/0/thumb"),
                linked(new Media.Video(VIDEO_URL, VIDEO_THUMB, null, true), 489, 0));
        assertEquals(new JsonObject().put("type", "video").put("thumb", TOO_BIG_THUMB).put("available", false)
                        .put("stable_thumb", "/v1/media/durov/7/0/thumb"),
                linked(new Media.Video(null, TOO_BIG_THUMB, null, false), 7, 0), "no file to follow: no stable_url");
        assertEquals(new JsonObject().put("type", "document").put("title", "a.pdf"),
                linked(new Media.Document("a.pdf", null), 7, 0));
        assertEquals(new JsonObject().put("type", "location").put("url", "https://maps.google.com/maps?q=1,2")
                        .put("thumb", "https://static-maps.yandex.ru/1.x/?ll=2,1"),
                linked(new Media.Location("https://maps.google.com/maps?q=1,2", "https://static-maps.yandex.ru/1.x/?ll=2,1",
                        null), 7, 0), "a map is not CDN media");
        assertEquals(new JsonObject().put("type", "unsupported").put("url", "https://t.me/durov/7"),
                linked(new Media.Unsupported("https://t.me/durov/7"), 7, 0));
    }

    private static JsonObject linked(Media media, int post, int index) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            MediaJson.write(json, media, "durov", post, index);
        }
        return new JsonObject(out.toString());
    }
}
