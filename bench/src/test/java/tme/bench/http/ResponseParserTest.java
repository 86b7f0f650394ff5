package tme.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponseParserTest {

    private final ResponseParser parser = new ResponseParser();

    @Test
    void contentLength_inOnePiece() throws IOException {
        assertTrue(parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: W/\"x\"\r\n\r\nhello")));
        assertEquals(new Response(200, 5, true), parser.response());
    }

    @Test
    void xCache_isKeptLowerCased_andForgottenForTheNextResponse() throws IOException {
        assertTrue(parser.feed(bytes("HTTP/1.1 200 OK\r\nX-Cache: L1\r\nContent-Length: 1\r\n\r\na")));
        assertEquals(new Response(200, 1, true, "l1"), parser.response());
        assertTrue(parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb")));
        assertEquals("", parser.response().cache());
    }

    @Test
    void contentLength_aByteAtATime() throws IOException {
        byte[] all = "HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\nabc".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < all.length - 1; i++) {
            assertFalse(parser.feed(ByteBuffer.wrap(all, i, 1)), "complete after byte " + i);
            assertTrue(parser.inside());
        }
        assertTrue(parser.feed(ByteBuffer.wrap(all, all.length - 1, 1)));
        assertEquals(new Response(200, 3, true), parser.response());
        assertFalse(parser.inside(), "ready for the next response");
    }

    @Test
    void chunked_withAnExtensionAndTrailers() throws IOException {
        String response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4;name=value\r\nWiki\r\n5\r\npedia\r\n0\r\nX-Trailer: 1\r\n\r\n";
        assertTrue(parser.feed(bytes(response)));
        assertEquals(new Response(200, 9, true), parser.response());
    }

    @Test
    void connectionClose_endsKeepAlive() throws IOException {
        assertTrue(parser.feed(bytes("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n"
                + "Content-Length: 0\r\n\r\n")));
        Response response = parser.response();
        assertEquals(new Response(503, 0, false), response);
        assertFalse(response.ok());
    }

    @Test
    void noBody_for204And304() throws IOException {
        assertTrue(parser.feed(bytes("HTTP/1.1 304 Not Modified\r\nETag: W/\"x\"\r\n\r\n")));
        assertEquals(304, parser.response().status());
        assertTrue(parser.feed(bytes("HTTP/1.1 204 No Content\r\n\r\n")));
        assertEquals(204, parser.response().status());
    }

    @Test
    void interimResponse_isSkipped() throws IOException {
        assertTrue(parser.feed(bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")));
        assertEquals(new Response(200, 2, true), parser.response());
    }

    @Test
    void twoResponses_oneAfterTheOther() throws IOException {
        assertTrue(parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na")));
        assertEquals(1, parser.response().bodyBytes());
        assertTrue(parser.feed(bytes("HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno")));
        assertEquals(new Response(404, 2, true), parser.response());
    }

    @Test
    void bytesAfterACompleteResponse_areAnError() {
        assertThrows(IOException.class,
                () -> parser.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nab")));
    }

    @Test
    void bodyFramedByTheConnectionsEnd_isNotSupported() {
        IOException e = assertThrows(IOException.class, () -> parser.feed(bytes("HTTP/1.1 200 OK\r\n\r\nbody")));
        assertTrue(e.getMessage().contains("connection's end"), e.getMessage());
    }

    @Test
    void malformedLines_areErrors() {
        assertThrows(IOException.class, () -> new ResponseParser().feed(bytes("SMTP ready\r\n")));
        assertThrows(IOException.class, () -> new ResponseParser().feed(bytes("HTTP/1.1 2x0 OK\r\n")));
        assertThrows(IOException.class, () -> new ResponseParser().feed(bytes("HTTP/1.1 200 OK\r\nno colon\r\n")));
        assertThrows(IOException.class,
                () -> new ResponseParser().feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n")));
        assertThrows(IOException.class,
                () -> new ResponseParser().feed(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")));
    }

    @Test
    void response_beforeItIsCompleteIsABug() throws IOException {
        parser.feed(bytes("HTTP/1.1 200 OK\r\n"));
        assertThrows(IllegalStateException.class, parser::response);
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }
}
