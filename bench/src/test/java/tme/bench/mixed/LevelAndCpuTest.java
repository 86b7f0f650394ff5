package tme.bench.mixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LevelAndCpuTest {

    @Test
    void level_tellsHitsFromMissesForTmeApiAndNginx() {
        for (String hit : List.of("l1", "l2", "stale", "hit", "updating", "revalidated")) {
            assertEquals(Level.HIT, Level.of(hit), hit);
        }
        for (String miss : List.of("upstream", "miss", "expired", "bypass", "lock_wait")) {
            assertEquals(Level.MISS, Level.of(miss), miss);
        }
        assertEquals(Level.NONE, Level.of(""));
    }

    @Test
    void ticksIn_addsUserAndSystemTime_evenWithSpacesInTheName() {
        // fields 14 (utime) and 15 (stime) of proc(5), the name in parentheses may hold spaces and ")"
        String stat = "4242 (nginx: worker) process) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 1 0 5 0 0";
        assertEquals(1234 + 567, ProcessCpu.ticksIn(stat));
    }

    @Test
    void parse_readsAGroup() {
        assertEquals(new ProcessCpu("front", List.of(12L, 34L)), ProcessCpu.parse("front=12,34"));
    }

    @Test
    void isCompiler_knowsHotSpotsCompilerThreadsByTheirCutNames() {
        assertTrue(ProcessCpu.isCompiler("C2 CompilerThre\n"));
        assertTrue(ProcessCpu.isCompiler("C1 CompilerThre\n"));
        assertFalse(ProcessCpu.isCompiler("vert.x-eventloo\n"));
        assertFalse(ProcessCpu.isCompiler("GC Thread#0\n"));
    }

    @Test
    void compilerTicks_ofThisJvm_arePartOfItsTicks() {
        ProcessCpu self = new ProcessCpu("self", List.of(ProcessHandle.current().pid()));
        long compiling = self.compilerTicks();
        assertTrue(compiling > 0, "this JVM compiled the test framework: " + compiling); // its C1 alone takes 100s of ms
        assertTrue(compiling <= self.ticks(), compiling + " of " + self.ticks());
        assertEquals(0, new ProcessCpu("gone", List.of(Long.MAX_VALUE)).compilerTicks());
    }
}
