package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Accept-Encoding negotiation: q-values first, then zstd over gzip over identity. */
class ContentCodingTest {

    @Test
    void noHeaderOrNothingWeKnow_isIdentity() {
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate(null));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate(""));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("br, deflate"));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("identity"));
    }

    @Test
    void equalQualities_preferZstd_thenGzip() {
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("gzip"));
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("gzip, deflate, br"));
        assertEquals(ContentCoding.ZSTD, ContentCoding.negotiate("gzip, zstd"));
        assertEquals(ContentCoding.ZSTD, ContentCoding.negotiate("*"));
    }

    @Test
    void higherQuality_wins_whatever_ourPreference() {
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("zstd;q=0.5, gzip"));
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("ZSTD ; Q = 0.2 , GZip;q=0.9"));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("gzip;q=0.5, identity;q=1"));
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("gzip;q=0.5, *;q=0.1"));
    }

    @Test
    void zeroQuality_refuses() {
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("zstd;q=0, gzip"));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("gzip;q=0"));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("zstd;q=0.000, gzip;q=0"));
        assertEquals(ContentCoding.GZIP, ContentCoding.negotiate("*;q=0, gzip"));
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("*;q=0"), "everything refused: identity anyway");
        assertEquals(ContentCoding.IDENTITY, ContentCoding.negotiate("gzip;q=nonsense"));
    }
}
