package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.util.AsciiString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code If-None-Match} against our weak validator, RFC 9110 13.1.2: weak comparison, lists, {@code *}, spaces. */
class NotModifiedTest {

    static final AsciiString OURS = AsciiString.of("W/\"9f3a01c2-10657\"");

    @ParameterizedTest(name = "[{index}] If-None-Match: {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "W/\"9f3a01c2-10657\"                       | true",
            "\"9f3a01c2-10657\"                         | true",
            "*                                          | true",
            "\"other\", W/\"9f3a01c2-10657\"            | true",
            "\"other\",W/\"9f3a01c2-10657\"             | true",
            "\"other\" ,\t W/\"9f3a01c2-10657\" \t      | true",
            "\"other\", *                               | true",
            "W/\"9f3a01c2-10658\"                       | false",
            "W/\"9f3a01c2-1065\"                        | false",
            "W/\"9f3a01c2-106577\"                      | false",
            "9f3a01c2-10657                             | false",
            "W/                                         | false",
            "W                                          | false",
            "\"other\",                                 | false",
            "',,,'                                      | false",
            "**                                         | false",
    })
    void weakComparison(String ifNoneMatch, boolean notModified) {
        assertEquals(notModified, HttpCaching.notModified(ifNoneMatch, OURS));
    }

    @ParameterizedTest(name = "[{index}] empty or absent -> false")
    @CsvSource(value = {"''", "' '"})
    void emptyHeader_neverMatches(String ifNoneMatch) {
        assertEquals(false, HttpCaching.notModified(ifNoneMatch, OURS));
        assertEquals(false, HttpCaching.notModified(null, OURS));
    }
}
