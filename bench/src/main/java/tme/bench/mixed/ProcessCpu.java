package tme.bench.mixed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CPU a group of server processes used (user + system), read from {@code /proc/<pid>/stat}: the system under
 * test's cost, apart from the generator's and the fake t.me's. A group is written {@code name=pid,pid,...}.
 *
 * @param name the group's name in the report (e.g. {@code front}, {@code origin})
 * @param pids its processes
 */
public record ProcessCpu(String name, List<Long> pids) {

    public ProcessCpu {
        pids = List.copyOf(pids);
    }

    /** {@code front=123,456}. */
    public static ProcessCpu parse(String text) {
        int eq = text.indexOf('=');
        if (eq < 1) {
            throw new IllegalArgumentException("want name=pid,pid...: " + text);
        }
        List<Long> pids = new ArrayList<>();
        for (String pid : text.substring(eq + 1).split(",")) {
            pids.add(Long.parseLong(pid.trim()));
        }
        return new ProcessCpu(text.substring(0, eq), pids);
    }

    /** Clock ticks of CPU the group's processes have used so far; a process gone counts 0. */
    public long ticks() {
        long sum = 0;
        for (long pid : pids) {
            sum += ticksOf(pid);
        }
        return sum;
    }

    /**
     * Clock ticks the group's JIT compiler threads ({@code C1 CompilerThread0}, {@code C2 CompilerThread1}: their
     * names as {@code /proc} cuts them) have used so far: a server still compiling competes with its own requests for
     * the cores, so a measured span is a JVM's steady state only where this share is small.
     */
    public long compilerTicks() {
        long sum = 0;
        for (long pid : pids) {
            try (Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
                sum += threads.mapToLong(ProcessCpu::compilerTicksOf).sum();
            } catch (IOException | UncheckedIOException gone) {
                // a process that ended counts 0, as in ticks()
            }
        }
        return sum;
    }

    private static long compilerTicksOf(Path thread) {
        try {
            if (!isCompiler(Files.readString(thread.resolve("comm")))) {
                return 0;
            }
            return ticksIn(Files.readString(thread.resolve("stat")));
        } catch (IOException gone) {
            return 0; // the thread ended between the listing and the read
        }
    }

    /** A HotSpot JIT compiler thread's name, as {@code /proc/<pid>/task/<tid>/comm} gives it. */
    static boolean isCompiler(String comm) {
        return comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre");
    }

    static long ticksOf(long pid) {
        try {
            return ticksIn(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException e) {
            return 0;
        }
    }

    /** utime + stime of a {@code /proc/<pid>/stat} line: fields 14 and 15, counted after the name's ")". */
    static long ticksIn(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
