package tme.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tme.api.CacheHttp.header;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Large identity answers go out of a file with sendfile once it is written; the bytes never change. */
class BodyFilesServingTest {

    private static final String BODY = "/v1/body/durov";

    @TempDir
    Path base;

    @Test
    void largeIdentityHit_isSentFromItsFile_byteForByte_andTheFilesGoWithTheServer() {
        List<Path> written;
        try (TestServer server = new TestServer(Map.of("BODY_FILES_DIR", base.toString(), "EVENT_LOOPS", "2"))) {
            HttpResponse<byte[]> first = CacheHttp.get(server, BODY);
            CacheHttp.awaitUntil("the body's file is written", () -> files().size() == 1);
            written = files();

            for (int hit = 0; hit < 5; hit++) {
                HttpResponse<byte[]> fromFile = CacheHttp.get(server, BODY);
                assertArrayEquals(first.body(), fromFile.body());
                assertEquals(Integer.toString(first.body().length), header(fromFile, "Content-Length"));
                assertEquals("application/json; charset=utf-8", header(fromFile, "Content-Type"));
                assertEquals(header(first, "ETag"), header(fromFile, "ETag"));
                assertNull(header(fromFile, "Content-Encoding"));
            }
            assertArrayEquals(first.body(), read(written.getFirst()));
            // 67,161 bytes before emoji were written as UTF-8 (110 code points outside the BMP, 8 bytes less each)
            // and durov 493's bold line break stopped being an entity (40 bytes); 66,241 before views_count joined
            // every footer (438 bytes for 20 posts).
            assertEquals(66_679, first.body().length, "the recorded durov page's answer (views_count in every footer)");
            assertEquals(1, server.tme.hits("/s/durov"));
        }
        assertEquals(List.of(), files(), "the server removes its files when it stops");
    }

    private List<Path> files() {
        try (Stream<Path> tree = Files.walk(base)) {
            return tree.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
