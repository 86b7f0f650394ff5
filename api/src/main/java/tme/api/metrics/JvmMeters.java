package tme.api.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * Micrometer's built-in JVM and system meters under names Prometheus' own linter ({@code promtool check metrics})
 * accepts. Two of Micrometer's break its rules: {@code process_cpu_time_ns_total} (an abbreviated unit) is replaced
 * by the conventional {@code process_cpu_seconds_total} of Prometheus' own clients, and {@code system_cpu_count} (a
 * {@code _count} suffix on a gauge, which reads as a histogram's) is {@code system_cpus}.
 */
final class JvmMeters {

    private JvmMeters() {}

    /** {@code registry} with the renames installed: call before anything registers a meter on it. */
    static <R extends MeterRegistry> R lintClean(R registry) {
        registry.config()
                .meterFilter(MeterFilter.denyNameStartsWith("process.cpu.time"))
                .meterFilter(new MeterFilter() {
                    @Override
                    public Meter.Id map(Meter.Id id) {
                        return id.getName().equals("system.cpu.count") ? id.withName("system.cpus") : id;
                    }
                });
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean process) {
            FunctionCounter.builder("process.cpu", process, bean -> bean.getProcessCpuTime() / 1e9)
                    .baseUnit("seconds")
                    .description("CPU time the JVM process has used")
                    .register(registry);
        }
        return registry;
    }
}
