package tme.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import tme.api.http.AccessLog;

/** Access log sinks for tests: one that keeps every line to read back, and one that drops them. */
final class AccessLines implements AccessLog.Sink {

    // Generous: it costs nothing when the condition comes true, and a busy machine may take many times a quiet one's.
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final List<String> lines = new CopyOnWriteArrayList<>();

    static AccessLog.Sink discarded() {
        return (batch, length) -> {};
    }

    @Override
    public void write(byte[] batch, int length) {
        lines.addAll(split(batch, length));
    }

    /** A batch's lines, without their newlines. */
    static List<String> split(byte[] batch, int length) {
        String text = new String(batch, 0, length, java.nio.charset.StandardCharsets.US_ASCII);
        if (!text.endsWith("\n")) {
            throw new AssertionError("a batch of whole lines ends with a newline: " + text);
        }
        return List.of(text.substring(0, text.length() - 1).split("\n", -1));
    }

    /** The first line written that {@code matches}, waiting for it up to a deadline (the writer polls). */
    String await(Predicate<String> matches) {
        Instant deadline = Instant.now().plus(DEADLINE);
        while (Instant.now().isBefore(deadline)) {
            for (String line : lines) {
                if (matches.test(line)) {
                    return line;
                }
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
        throw new AssertionError("no access log line matched within " + DEADLINE + "; lines: " + lines);
    }

    /** The line of the request with this id. */
    String ofRequest(String id) {
        return await(line -> line.split(" ")[1].equals(id));
    }
}
