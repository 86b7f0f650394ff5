package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tme.cache.Stored;

class BodyFilesTest {

    private static final Instant STORED_AT = Instant.parse("2026-11-30T00:00:00Z");
    private static final byte[] BIG_JSON = ("{\"posts\":[" + "{\"id\":1,\"text\":\"hello hello hello\"},".repeat(1000)
            + "{}]}").getBytes(StandardCharsets.UTF_8);

    private final Vertx vertx = Vertx.vertx();
    private final WorkerExecutor workers = vertx.createSharedWorkerExecutor("body-files-test", 1);
    @TempDir
    Path base;

    @AfterEach
    void close() {
        vertx.close().await();
    }

    @Test
    void firstDemandWritesTheFile_laterDemandsGetIt() throws IOException {
        BodyFiles files = files(1024 * 1024);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));

        assertNull(files.retained(stored), "not written yet: this response goes from memory");
        BodyFile file = await("the file is written", files, stored);

        assertSame(file, retainedNow(files, stored));
        assertArrayEquals(BIG_JSON, Files.readAllBytes(file.path()));
        assertEquals(BIG_JSON.length, file.length());
        assertTrue(file.path().startsWith(files.directory()));
        assertEquals(1, files.size());
    }

    @Test
    void fileLetGoOfByTheCache_staysWholeForTheResponseSendingIt_thenCloses() throws IOException {
        BodyFiles files = files(1024 * 1024);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        files.retained(stored);
        BodyFile sending = await("the file is written", files, stored); // held by a response now

        files.close(); // every entry lets go, and the directory goes

        assertTrue(sending.open(), "the response still sending it keeps it open");
        java.nio.ByteBuffer rest = java.nio.ByteBuffer.allocate(BIG_JSON.length);
        while (rest.hasRemaining() && sending.channel().read(rest, rest.position()) > 0) {
            Thread.onSpinWait();
        }
        assertArrayEquals(BIG_JSON, rest.array(), "whole, though its name is gone");
        sending.release();
        assertFalse(sending.open(), "closed once its last response is sent");
        assertFalse(sending.retain(), "a closed file is never handed out again");
    }

    @Test
    void fileLeavesWithItsValue() {
        BodyFiles files = files(1024 * 1024);
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        files.retained(stored);
        BodyFile file = await("the file is written", files, stored);
        file.release(); // the response is done with it
        Path path = file.path();
        stored = null; // nothing holds the value any more: its L1 entry is gone

        awaitTrue("the file is deleted with its value", () -> {
            System.gc();
            return files.size() == 0 && !Files.exists(path);
        });
        assertNull(stored);
    }

    @Test
    void close_removesTheDirectory_andDirectoriesOfDeadProcessesGoAtStart() throws IOException {
        Path orphan = Files.createDirectories(base.resolve("tme-api-" + deadPid() + "-123"));
        Files.writeString(orphan.resolve("body-1.json"), "{}");
        Path unrelated = Files.createDirectories(base.resolve("someone-else"));

        BodyFiles files = files(1024 * 1024);
        assertFalse(Files.exists(orphan), "left by a process that died");
        assertTrue(Files.exists(unrelated));
        Stored stored = Stored.of(BIG_JSON, 0, STORED_AT, Duration.ofSeconds(10));
        files.retained(stored);
        await("the file is written", files, stored).release();

        files.close();
        assertFalse(Files.exists(files.directory()));
    }

    @Test
    void noWritableDirectory_orNoBudget_meansNoFiles() {
        assertEquals(Optional.empty(), BodyFiles.under(Optional.of(base.resolve("missing")), 1024, workers));
        assertEquals(Optional.empty(), BodyFiles.under(Optional.of(base), 0, workers));
        assertEquals(Optional.empty(), BodyFiles.under(Optional.empty(), 1024, workers));
    }

    private BodyFiles files(long maxBytes) {
        return BodyFiles.under(Optional.of(base), maxBytes, workers).orElseThrow();
    }

    /** The file once written, held for one response. */
    private static BodyFile await(String what, BodyFiles files, Stored stored) {
        BodyFile[] got = new BodyFile[1];
        awaitTrue(what, () -> (got[0] = files.retained(stored)) != null);
        return got[0];
    }

    private static BodyFile retainedNow(BodyFiles files, Stored stored) {
        BodyFile file = files.retained(stored);
        assertNotNull(file);
        return file;
    }

    private static void awaitTrue(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plusSeconds(10);
        while (!condition.getAsBoolean()) {
            assertTrue(Instant.now().isBefore(deadline), what + " within 10 s");
            Thread.onSpinWait();
        }
    }

    /** The pid of a process that has ended. */
    private static long deadPid() throws IOException {
        Process ended = new ProcessBuilder("true").start();
        try {
            ended.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return ended.pid();
    }
}
