package tme.bench.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CPU each thread of a process used between two snapshots of {@code /proc/<pid>/task/}{@code *}{@code /stat}
 * (the files' lines, concatenated: {@code cat /proc/$pid/task/}{@code *}{@code /stat}). The kernel keeps only 15
 * characters of a thread's name ({@code vert.x-eventloo}), so the full Java names come from {@code jcmd <pid>
 * Thread.print}, whose {@code nid=} is the same thread id.
 */
final class ThreadCpu {

    /** One thread's use: its id, its name, and its user + system CPU in clock ticks over the span. */
    record Use(long tid, String name, long ticks) {}

    /** A snapshot: each thread's user + system ticks and the kernel's name for it. */
    record Snapshot(Map<Long, Long> ticks, Map<Long, String> names) {}

    // "name" #37 [12402] daemon prio=5 ... nid=12402 runnable; older JDKs write the nid in hex (nid=0x3072)
    private static final Pattern DUMPED_THREAD = Pattern.compile("^\"([^\"]+)\".*\\bnid=(0x[0-9a-fA-F]+|\\d+)");

    private ThreadCpu() {}

    /**
     * Reads stat lines: {@code 12402 (vert.x-eventloo) R 1 ...}. The name may hold spaces and parentheses, so it
     * ends at the last ')'; after it, the state is field 3 of proc_pid_stat(5), so utime (14) and stime (15) are
     * the 12th and 13th words.
     */
    static Snapshot snapshot(List<String> statLines) {
        Map<Long, Long> ticks = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (String line : statLines) {
            int open = line.indexOf(" (");
            int close = line.lastIndexOf(')');
            if (open < 1 || close < open) {
                continue; // a thread that ended while the files were read leaves a short or empty line
            }
            long tid = Long.parseLong(line.substring(0, open).trim());
            String[] after = line.substring(close + 2).split(" ");
            ticks.put(tid, Long.parseLong(after[11]) + Long.parseLong(after[12]));
            names.put(tid, line.substring(open + 2, close));
        }
        return new Snapshot(ticks, names);
    }

    /** Thread id to full Java name, from {@code jcmd <pid> Thread.print}. */
    static Map<Long, String> javaNames(List<String> threadDump) {
        Map<Long, String> names = new HashMap<>();
        for (String line : threadDump) {
            Matcher m = DUMPED_THREAD.matcher(line);
            if (m.find()) {
                String nid = m.group(2);
                long tid = nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid);
                names.put(tid, m.group(1));
            }
        }
        return names;
    }

    /**
     * Each thread's ticks from {@code before} to {@code after} whose name (Java's if known, else the kernel's)
     * starts with {@code prefix}, sorted by name. A thread born in between counts from zero.
     */
    static List<Use> uses(Snapshot before, Snapshot after, Map<Long, String> javaNames, String prefix) {
        List<Use> uses = new ArrayList<>();
        after.ticks().forEach((tid, ticks) -> {
            String name = javaNames.getOrDefault(tid, after.names().get(tid));
            if (name.startsWith(prefix)) {
                uses.add(new Use(tid, name, ticks - before.ticks().getOrDefault(tid, 0L)));
            }
        });
        uses.sort(Comparator.comparing(Use::name).thenComparingLong(Use::tid));
        return uses;
    }
}
