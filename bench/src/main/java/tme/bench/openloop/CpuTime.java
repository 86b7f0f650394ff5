package tme.bench.openloop;

import java.lang.management.ManagementFactory;

/** The CPU this process has used, to tell a generator that kept up from one that was starved. */
public final class CpuTime {

    private CpuTime() {}

    /** Nanoseconds of CPU since the process started, or 0 where the JVM cannot tell. */
    public static long ofProcess() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
