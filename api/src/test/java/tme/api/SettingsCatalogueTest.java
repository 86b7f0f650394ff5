package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.api.service.Ttls;

/** The catalogue's checks: one place per setting, each refusal naming the setting and the form it expects. */
class SettingsCatalogueTest {

    @Test
    void everySettingRefusesGarbage_namingItself() {
        for (Setting<?> setting : Settings.all()) {
            if (setting == Settings.REDIS_URL) {
                continue; // any text: the Redis client's config checks it with the cluster setting
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> setting.kind().parser().parse(setting.name(), "%bad%"), setting.name());
            assertTrue(e.getMessage().startsWith(setting.name() + " "), e.getMessage());
        }
    }

    @Test
    void everySettingHasAnUpperCaseName_andOneLineOfDoc() {
        for (Setting<?> setting : Settings.all()) {
            assertTrue(!setting.doc().isBlank() && !setting.doc().contains("\n") && setting.doc().length() <= 80,
                    setting.name() + ": " + setting.doc());
            assertTrue(setting.name().matches("[A-Z][A-Z0-9_]+"), setting.name());
        }
    }

    @Test
    void durationsTakeDaysAndHours_andBoundsAreChecked() {
        Setting.Kind<Duration> upToAWeek = SettingKinds.durationUpTo(Ttls.MAX);
        assertEquals(Duration.ofDays(7), upToAWeek.parser().parse("CACHE_TTL_PAGE", "7d"));
        assertEquals(Duration.ofHours(168), upToAWeek.parser().parse("CACHE_TTL_PAGE", "168h"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> upToAWeek.parser().parse("CACHE_TTL_PAGE", "8d"));
        assertEquals("CACHE_TTL_PAGE must be at most PT168H: PT192H", e.getMessage());
        assertEquals("positive duration, at most 7d", upToAWeek.range());
        assertEquals("7d", Durations.format(Duration.ofDays(7)));
        assertEquals("90s", Durations.format(Duration.ofSeconds(90)));
        assertEquals("1500ms", Durations.format(Duration.ofMillis(1500)));
    }

    @Test
    void aDefaultNamingAnotherSetting_followsIt() {
        EnvReader in = new EnvReader(Map.of("TELEGRAM_RATE", "3", "TELEGRAM_BURST", "9", "CACHE_TTL_LATEST", "4s"));
        assertEquals(3.0, in.get(Settings.TELEGRAM_LOCAL_RATE));
        assertEquals(9, in.get(Settings.TELEGRAM_LOCAL_BURST));
        assertEquals(9, in.get(Settings.CLIENT_UPSTREAM_BURST));
        assertEquals(Duration.ofSeconds(4), in.get(Settings.CACHE_TTL_SEARCH));
        assertEquals(false, in.isSet(Settings.CACHE_TTL_SEARCH));
    }
}
