package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    // /proc/<pid>/task/<tid>/stat: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
    // utime stime ...
    private static String stat(long tid, String comm, long utime, long stime) {
        return tid + " (" + comm + ") S 1 1 1 0 -1 4194368 10 0 0 0 " + utime + " " + stime + " 0 0 20 0 1 0 100";
    }

    @Test
    void snapshot_readsUserPlusSystemTicksWhateverTheName() {
        ThreadCpu.Snapshot snapshot = ThreadCpu.snapshot(List.of(
                stat(101, "java", 5, 1),
                stat(102, "vert.x-eventloo", 300, 40),
                stat(103, "odd) (name", 7, 0),
                "" /* a thread that ended while the files were read */));
        assertEquals(Map.of(101L, 6L, 102L, 340L, 103L, 7L), snapshot.ticks());
        assertEquals("odd) (name", snapshot.names().get(103L));
    }

    @Test
    void javaNames_fromAThreadDumpInDecimalOrHex() {
        Map<Long, String> names = ThreadCpu.javaNames(List.of(
                "\"vert.x-eventloop-thread-0\" #37 [102] prio=5 os_prio=0 cpu=2400.50ms elapsed=30.1s"
                        + " tid=0x00007f nid=102 runnable  [0x00007f]",
                "   java.lang.Thread.State: RUNNABLE",
                "\"vert.x-eventloop-thread-1\" #38 prio=5 os_prio=0 tid=0x00007f nid=0x6a runnable"));
        assertEquals(Map.of(102L, "vert.x-eventloop-thread-0", 106L, "vert.x-eventloop-thread-1"), names);
    }

    @Test
    void uses_areTheGrowthOfTheThreadsWithThePrefixByFullName() {
        ThreadCpu.Snapshot before = ThreadCpu.snapshot(List.of(stat(101, "java", 5, 1),
                stat(102, "vert.x-eventloo", 300, 40), stat(106, "vert.x-eventloo", 10, 0)));
        ThreadCpu.Snapshot after = ThreadCpu.snapshot(List.of(stat(101, "java", 9, 1),
                stat(102, "vert.x-eventloo", 500, 90), stat(106, "vert.x-eventloo", 190, 30),
                stat(107, "vert.x-eventloo", 3, 1)));
        Map<Long, String> javaNames = Map.of(102L, "vert.x-eventloop-thread-1", 106L, "vert.x-eventloop-thread-0");
        assertEquals(List.of(
                        new ThreadCpu.Use(107, "vert.x-eventloo", 4), // born in between, no Java name known
                        new ThreadCpu.Use(106, "vert.x-eventloop-thread-0", 210),
                        new ThreadCpu.Use(102, "vert.x-eventloop-thread-1", 250)),
                ThreadCpu.uses(before, after, javaNames, "vert.x-eventloo"));
    }
}
