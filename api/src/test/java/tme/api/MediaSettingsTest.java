package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tme.api.media.MediaConfig;
import tme.api.media.MediaMode;

/** {@code PUBLIC_URL} and the {@code MEDIA_*} settings: their defaults, their forms, and bad values named. */
class MediaSettingsTest {

    @Test
    void defaults_redirectTwelveHoursTelegramsCdn_andNoPublicUrl() {
        Config config = Config.fromEnv(Map.of());
        MediaConfig media = config.media();
        assertEquals(MediaMode.REDIRECT, media.mode());
        assertEquals(Duration.ofHours(12), media.urlTtl());
        assertEquals("cdn*.telesco.pe,cdn*.cdn-telegram.org,cdn*.telegram-cdn.org", media.hosts().toString());
        assertEquals(64L * 1024 * 1024, media.maxBytes());
        assertEquals(256, media.streams());
        assertEquals(Duration.ofSeconds(10), media.timeout());
        assertEquals(Optional.empty(), config.publicUrl());
    }

    @Test
    void settings_readAsGiven_publicUrlWithoutItsTrailingSlash() {
        Config config = Config.fromEnv(Map.of("MEDIA_MODE", "stream", "MEDIA_URL_TTL", "30m",
                "MEDIA_HOSTS", "cdn*.example.org, http://127.0.0.1", "MEDIA_MAX_BYTES", "1000", "MEDIA_STREAMS", "3",
                "MEDIA_TIMEOUT", "2s", "PUBLIC_URL", "https://tme.example.org/"));
        assertEquals(MediaMode.STREAM, config.media().mode());
        assertEquals(Duration.ofMinutes(30), config.media().urlTtl());
        assertEquals(Optional.empty(), config.media().hosts().refusal(URI.create("http://127.0.0.1:8080/a")));
        assertEquals(Optional.empty(), config.media().hosts().refusal(URI.create("https://cdn2.example.org/a")));
        assertEquals(1000, config.media().maxBytes());
        assertEquals(3, config.media().streams());
        assertEquals(Duration.ofSeconds(2), config.media().timeout());
        assertEquals(Optional.of(URI.create("https://tme.example.org")), config.publicUrl());
    }

    @Test
    void badValues_areNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Config.fromEnv(Map.of(
                "MEDIA_MODE", "proxy", "MEDIA_URL_TTL", "0s", "MEDIA_HOSTS", "cdn4.telesco.pe/file",
                "MEDIA_MAX_BYTES", "0", "PUBLIC_URL", "tme.example.org")));
        assertEquals("Invalid configuration: PUBLIC_URL must be an http(s) URL: tme.example.org; "
                + "MEDIA_MODE must be one of [redirect, stream]: proxy; "
                + "MEDIA_URL_TTL must be positive: PT0S; "
                + "MEDIA_HOSTS has a bad entry (a host pattern such as cdn*.telesco.pe, or http://host): \"cdn4.telesco.pe/file\"; "
                + "MEDIA_MAX_BYTES must be an integer in 1..2147483647: 0", e.getMessage());
    }
}
