package tme.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Prometheus' {@code promtool} (Debian's {@code prometheus} package), where it is installed: the tests that use it
 * check the same property without it where they can, and otherwise pass without it (CI machines without the package).
 */
final class Promtool {

    static final Path PATH = Path.of("/usr/bin/promtool");

    /** What it said (standard output and error together) and its exit code. */
    record Said(int exitCode, String output) {}

    private Promtool() {}

    /** The tool, if installed. */
    static Optional<Path> installed() {
        return Files.isExecutable(PATH) ? Optional.of(PATH) : Optional.empty();
    }

    /** Runs {@code promtool args...} with {@code input} on its standard input (null: none), for at most 60 s. */
    static Said run(String input, String... args) {
        List<String> command = new ArrayList<>(List.of(PATH.toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (input != null) {
                process.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
            }
            process.getOutputStream().close();
            String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("promtool " + args[0] + " did not end within 60 s: " + said);
            }
            return new Said(process.exitValue(), said);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
