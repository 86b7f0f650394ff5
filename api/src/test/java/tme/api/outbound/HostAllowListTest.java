package tme.api.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostAllowListTest {

    private static final HostAllowList TELEGRAM = HostAllowList.parse("MEDIA_HOSTS", HostAllowList.TELEGRAM_CDN);

    @Test
    void telegramCdn_allowsItsHostsOverHttpsOnly() {
        assertEquals(Optional.empty(), TELEGRAM.refusal(URI.create("https://cdn4.telesco.pe/file/a.jpg")));
        assertEquals(Optional.empty(), TELEGRAM.refusal(URI.create("https://CDN1.telegram-cdn.org/file/a.jpg")));
        assertEquals(Optional.empty(), TELEGRAM.refusal(URI.create("https://cdn5.cdn-telegram.org:443/file/a.jpg")));
        assertEquals(Optional.of("host cdn4.telesco.pe (http) is not on the allow-list " + HostAllowList.TELEGRAM_CDN),
                TELEGRAM.refusal(URI.create("http://cdn4.telesco.pe/file/a.jpg")));
        for (String refused : new String[] {"https://cdn4.telesco.pe:8443/file/a.jpg", "https://evil.example/file/a.jpg",
                "https://cdn4.telesco.pe.evil.example/a", "https://x.cdn4.telesco.pe/a", "https://cdn4.evil.pe/a",
                "https://127.0.0.1/file/a.jpg", "https://cdn4-telesco.pe/a"}) {
            assertEquals(true, TELEGRAM.refusal(URI.create(refused)).isPresent(), refused);
        }
        assertEquals(Optional.of("not an http(s) URL with a host: https://u@cdn4.telesco.pe/a"),
                TELEGRAM.refusal(URI.create("https://u@cdn4.telesco.pe/a")));
        assertEquals(Optional.of("not an http(s) URL with a host: ftp://cdn4.telesco.pe/a"),
                TELEGRAM.refusal(URI.create("ftp://cdn4.telesco.pe/a")));
    }

    @Test
    void plainHttpEntry_allowsThatHostOnAnyPort_andNothingElse() {
        HostAllowList loopback = HostAllowList.parse("MEDIA_HOSTS", "http://127.0.0.1");
        assertEquals(Optional.empty(), loopback.refusal(URI.create("http://127.0.0.1:41234/file/g0/a.jpg")));
        assertEquals(Optional.empty(), loopback.refusal(URI.create("http://127.0.0.1/a")));
        assertEquals(true, loopback.refusal(URI.create("https://127.0.0.1/a")).isPresent());
        assertEquals(true, loopback.refusal(URI.create("http://127.0.0.2/a")).isPresent());
        assertEquals(true, loopback.refusal(URI.create("http://localhost:41234/a")).isPresent());
    }

    @Test
    void badEntry_isNamedWithItsSetting() {
        for (String bad : new String[] {"cdn*.telesco.pe/file", "https://cdn4.telesco.pe", "http://cdn*.telesco.pe", "", "a,,b"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> HostAllowList.parse("MEDIA_HOSTS", bad), bad);
            assertEquals(true, refused.getMessage().startsWith("MEDIA_HOSTS has a bad entry"), refused.getMessage());
        }
    }
}
