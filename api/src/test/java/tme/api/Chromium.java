package tme.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium, for the pages a browser builds (the home page, Swagger UI); tests using it are skipped where it
 * is not installed ({@code apt-get install chromium}; not installed by {@code ./tme test}, to keep a fresh CI run short).
 */
final class Chromium {

    static final Path PATH = Path.of("/usr/bin/chromium");

    private Chromium() {}

    /** Skips the calling test where Chromium is not installed. */
    static void assumeInstalled() {
        Assumptions.assumeTrue(Files.isExecutable(PATH), "no " + PATH + " (apt-get install chromium)");
    }

    /** Runs headless Chromium as the machine's notes say it runs here; answers what it printed. */
    static String run(List<String> args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("chromium");
        List<String> command = new ArrayList<>(List.of(PATH.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, process.exitValue(), "chromium " + args);
        return out;
    }
}
