# shellcheck shell=bash
# The server's JVM options, in one place for ./tme start, the demo and the benchmarks (docs/operations.md, "JVM flags
# for a container"); JAVA_OPTS, where set, replaces them.
#
# The heap: 40% of the box, from the start (a heap that starts small collects often, and hits wait behind the pauses).
# Tenuring: what outlives one young collection here is nearly all cached answers, which live for seconds to hours;
# copied from survivor space to survivor space up to 15 times, they made most of each pause's copying. Promoted at
# once, each is copied once (docs/performance.md, section 17: hits' p99 under the mix 4.0-4.1 -> 3.1-3.5 ms).
TME_GC_OPTS="-XX:MaxTenuringThreshold=0"
TME_JAVA_OPTS="-XX:MaxRAMPercentage=40 -XX:InitialRAMPercentage=40 $TME_GC_OPTS"
