package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ContentLengthsTest {

    @Test
    void aLengthWrittenAgain_isTheSameEncodedValue() {
        assertEquals("17515", ContentLengths.of(17515).toString());
        assertSame(ContentLengths.of(17515), ContentLengths.of(17515));
        assertEquals("0", ContentLengths.of(0).toString());
    }

    @Test
    void lengthsSharingASlot_eachGetTheirOwnDigits() {
        int first = 67_159;
        int second = first + ContentLengths.SLOTS; // the same low bits: the same slot
        assertEquals("67159", ContentLengths.of(first).toString());
        assertEquals("67223", ContentLengths.of(second).toString());
        assertEquals("67159", ContentLengths.of(first).toString());
        assertNotSame(ContentLengths.of(second), ContentLengths.of(first));
        assertEquals(Integer.toString(Integer.MAX_VALUE), ContentLengths.of(Integer.MAX_VALUE).toString());
    }
}
