package tme.bench.memory;

/**
 * One second of a memory load run: the server's resident memory (from {@code /proc}), its heap and direct memory
 * in use (from its {@code /metrics}), and whether {@code /healthz} answered 200 within a second.
 *
 * @param second   seconds since the workload started
 * @param rss      resident set size, bytes ({@code VmRSS})
 * @param heap     heap in use, bytes ({@code jvm_memory_used_bytes{area="heap"}}, summed), -1 if unread
 * @param direct   direct buffers in use, bytes ({@code jvm_buffer_memory_used_bytes{id="direct"}}), -1 if unread
 * @param healthy  {@code /healthz} answered 200 within the requests' timeout
 * @param requests requests answered so far
 */
record Sample(int second, long rss, long heap, long direct, boolean healthy, long requests) {

    static final long MIB = 1024 * 1024;

    String line() {
        return String.format("t=%3ds rss=%4d MiB heap=%4d MiB direct=%4d MiB healthz=%s requests=%d", second,
                rss / MIB, heap / MIB, direct / MIB, healthy ? "200" : "FAIL", requests);
    }
}
