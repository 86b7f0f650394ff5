package tme.scraper.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The buffer an answer's body is read into is set aside at its size, within bounds, before its bytes arrive. */
class BodyPresizeTest {

    @Test
    void aContentLength_isTheSize() {
        assertEquals(136_426, TmeClient.presize("136426"));
        assertEquals(0, TmeClient.presize("0"));
        assertEquals(20, TmeClient.presize(" 20 "));
    }

    @Test
    void noContentLength_orNoNumber_isAPagesUsualSize() {
        assertEquals(128 * 1024, TmeClient.presize(null));
        assertEquals(128 * 1024, TmeClient.presize("lots"));
        assertEquals(128 * 1024, TmeClient.presize("99999999999999999999999"));
    }

    @Test
    void aHugeOrNegativeLength_isBounded() {
        assertEquals(4 * 1024 * 1024, TmeClient.presize("2000000000"));
        assertEquals(0, TmeClient.presize("-5"));
    }
}
