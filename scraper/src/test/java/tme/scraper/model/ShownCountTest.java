package tme.scraper.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ShownCountTest {

    @Test
    void suffixes_scaleExactly() {
        assertEquals(15L, ShownCount.parse("15"));
        assertEquals(1_200L, ShownCount.parse("1.2K"));
        assertEquals(3_400_000L, ShownCount.parse("3.4M"));
        assertEquals(2_190_000L, ShownCount.parse("2.19M"));
        assertEquals(96_900L, ShownCount.parse("96.9K"));
        assertEquals(2_000_000L, ShownCount.parse("2M"));
        assertEquals(1_500_000_000L, ShownCount.parse("1.5B"));
        assertEquals(1_500L, ShownCount.parse("1.5k"), "lower case too");
        assertEquals(29_000L, ShownCount.parse("29.0K"));
    }

    @Test
    void groupSeparatorsAndDecimalCommas() {
        assertEquals(10_552_044L, ShownCount.parse("10 552 044 subscribers"));
        assertEquals(12_345L, ShownCount.parse("12\u00a0345"));
        assertEquals(1_234L, ShownCount.parse("1,234"), "three digits after a comma: a thousands group");
        assertEquals(3_400L, ShownCount.parse("3,4K"), "a decimal comma before a suffix");
        assertEquals(222L, ShownCount.parse(" 222 votes "));
    }

    @Test
    void digitsBelowOne_areDropped_andAValueBeyondALong_isNull() {
        assertEquals(1_234L, ShownCount.parse("1.2345K"), "as BigDecimal's longValue did: toward zero");
        assertEquals(1L, ShownCount.parse("1.9"));
        assertEquals(123_456_789_012_345_678L, ShownCount.parse("123456789012345678"), "18 digits");
        assertNull(ShownCount.parse("123456789012345678B"), "past Long.MAX_VALUE once scaled");
    }

    @Test
    void notANumber_isNull() {
        assertNull(ShownCount.parse(null));
        assertNull(ShownCount.parse(""));
        assertNull(ShownCount.parse("K"));
        assertNull(ShownCount.parse("views"));
        assertNull(ShownCount.parse("1.2X"));
        assertNull(ShownCount.parse("9999999999999999999999"), "too many digits for a long");
    }
}
