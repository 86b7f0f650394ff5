# shellcheck shell=bash
# The server's JVM options, in one place for ./tme start, the demo and the benchmarks (docs/operations.md, "JVM flags
# for a container"); JAVA_OPTS, where set, replaces them.
#
# The heap: 40% of the box, from the start (a heap that starts small collects often, and hits wait behind the pauses).
# Tenuring: what outlives one young collection here is nearly all cached answers, which live for seconds to hours;
# copied from survivor space to survivor space up to 15 times, they made most of each pause's copying. Promoted at
# once, each is copied once (docs/performance.md, section 17: hits' p99 under the mix 4.0-4.1 -> 3.1-3.5 ms).
# Huge pages for the heap (asked only where the kernel has transparent huge pages in its "madvise" or "always" mode:
# elsewhere the JVM would print two warnings at every start and go on with small pages): a 512 MiB heap in 4 KiB
# pages is 131,072 page-table entries, in 2 MiB pages 256. A kernel that samples pages' access bits (DAMON
# reclaiming a VM's cold memory every half second, as on our Firecracker machines) left each event loop running
# 6-9 ms slower after each pass. Hits alone went from 0.15 / 6.3-7.8 ms (p50 / p99) to 0.13 / 2.4 ms, CPU per
# answer from 0.27 to 0.19 ms (docs/performance.md, section 17, sixth session).
# Classes unloaded at full collections only, not at each marking's remark: in the steady state this server loads no
# class it later drops (10 unloaded in a whole mixed run, all in its first 41 s), yet each remark spent ~10 of its
# 9-12 ms cleaning the code cache for it, every 9-10 s, and stopped every hit meanwhile. Alternated runs of the mixed
# load: hits' p99 / p99.9 3.00 / 5.33 and 3.79 / 9.42 ms against 4.46 / 17.1 and 4.09 / 13.2 (section 17, ninth session).
TME_GC_OPTS="-XX:MaxTenuringThreshold=0 -XX:-ClassUnloadingWithConcurrentMark"
if grep -qE '\[(madvise|always)\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
    TME_GC_OPTS="$TME_GC_OPTS -XX:+UseTransparentHugePages"
fi
TME_JAVA_OPTS="-XX:MaxRAMPercentage=40 -XX:InitialRAMPercentage=40 $TME_GC_OPTS"
