package tme.scraper.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tme.scraper.model.PlayTime;

class MediaDurationsTest {

    @Test
    void minutesAndSeconds() {
        assertEquals(new PlayTime("0:57", Duration.ofSeconds(57)), MediaDurations.parse("0:57"));
        assertEquals(new PlayTime("27:40", Duration.ofSeconds(1660)), MediaDurations.parse("27:40"));
        assertEquals(new PlayTime("75:03", Duration.ofSeconds(4503)), MediaDurations.parse("75:03"));
    }

    @Test
    void hoursMinutesAndSeconds() {
        assertEquals(new PlayTime("1:02:03", Duration.ofSeconds(3723)), MediaDurations.parse("1:02:03"));
        assertEquals(new PlayTime("10:00:00", Duration.ofHours(10)), MediaDurations.parse("10:00:00"));
    }

    @Test
    void surroundingWhitespace_isDropped() {
        assertEquals(new PlayTime("0:05", Duration.ofSeconds(5)), MediaDurations.parse("\n  0:05 \n"));
    }

    @Test
    void unparseable_keepsTheTextWithoutLength() {
        assertEquals(new PlayTime("1:60", null), MediaDurations.parse("1:60"));
        assertEquals(new PlayTime("1:60:00", null), MediaDurations.parse("1:60:00"));
        assertEquals(new PlayTime("1:2", null), MediaDurations.parse("1:2"));
        assertEquals(new PlayTime("LIVE", null), MediaDurations.parse("LIVE"));
        assertEquals(new PlayTime("99999999:00", null), MediaDurations.parse("99999999:00"));
    }

    @Test
    void blankOrMissing_isNoPlayTime() {
        assertNull(MediaDurations.parse("  "));
        assertNull(MediaDurations.parse(null));
        assertNull(MediaDurations.of(null));
    }
}
