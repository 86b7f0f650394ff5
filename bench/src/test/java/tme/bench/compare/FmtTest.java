package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FmtTest {

    @Test
    void count_roundsAndSeparatesThousands() {
        assertEquals("33,268", Fmt.count(33268.4));
        assertEquals("1,000,001", Fmt.count(1_000_000.5));
        assertEquals("0", Fmt.count(0));
    }

    @Test
    void ms_keepsTwoOrThreeSignificantDigits() {
        assertEquals("0.21", Fmt.ms(0.214));
        assertEquals("3.94", Fmt.ms(3.94));
        assertEquals("12.3", Fmt.ms(12.34));
        assertEquals("819", Fmt.ms(819.2));
    }

    @Test
    void ratioAndPercent_sayNoneForAZeroBase() {
        assertEquals("0.56", Fmt.ratio(33268, 59896));
        assertEquals("–", Fmt.ratio(1, 0));
        assertEquals("52%", Fmt.percent(52, 100));
        assertEquals("–", Fmt.percent(1, 0));
    }
}
