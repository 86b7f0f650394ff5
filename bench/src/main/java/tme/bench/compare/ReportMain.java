package tme.bench.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Prints the compare command's one table (Markdown) from what {@code bench/load/compare.sh} left in its work
 * directory: {@code results.txt} (the collected lines, see {@link Results}) and, for part 6, {@code cpu-before.txt},
 * {@code cpu-after.txt} (the server's {@code /proc/<pid>/task/}{@code *}{@code /stat}) and {@code threads.txt}
 * ({@code jcmd <pid> Thread.print}).
 * <pre>{@code java -cp bench/target/benchmarks.jar tme.bench.compare.ReportMain /tmp/tme-load.XXXXXX}</pre>
 */
public final class ReportMain {

    private ReportMain() {}

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: ReportMain <work directory of bench/load/compare.sh>");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        Results results = Results.parse(lines(dir.resolve("results.txt")));
        System.out.print(table(results, threadUses(dir)).markdown());
    }

    static Table table(Results r, List<ThreadCpu.Use> uses) {
        return new Table().addAll(Rows.closedLoop(r, "hot")).addAll(Rows.closedLoop(r, "zipf"))
                .addAll(Rows.openLoop(r)).addAll(Rows.burst(r)).addAll(Rows.ttl(r)).addAll(Rows.stalled(r))
                .addAll(LoopSplit.rows(r, uses));
    }

    private static List<ThreadCpu.Use> threadUses(Path dir) {
        Path before = dir.resolve("cpu-before.txt");
        Path after = dir.resolve("cpu-after.txt");
        if (!Files.exists(before) || !Files.exists(after)) {
            return List.of();
        }
        Path dump = dir.resolve("threads.txt");
        return ThreadCpu.uses(ThreadCpu.snapshot(lines(before)), ThreadCpu.snapshot(lines(after)),
                ThreadCpu.javaNames(Files.exists(dump) ? lines(dump) : List.of()), LoopSplit.EVENT_LOOP_THREADS);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
