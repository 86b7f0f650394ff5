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

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private final List<String> lines = new CopyOnWriteArrayList<>();

    static AccessLog.Sink discarded() {
        return new AccessLog.Sink() {
            @Override
            public void write(String line) {}

            @Override
            public void flush() {}
        };
    }

    @Override
    public void write(String line) {
        lines.add(line);
    }

    @Override
    public void flush() {}

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
