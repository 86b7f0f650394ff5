/**
 * JMH benchmarks of the hot paths (a cache hit, rendering, single-flight) over recorded t.me pages, and
 * {@link tme.bench.FakeTmeMain}, the fake t.me of the wrk load run ({@code bench/load/run.sh}). Results and
 * commands: {@code docs/performance.md}; the chaos run ({@code bench/chaos/run.sh}) is {@link tme.bench.chaos}.
 * Nothing here runs during {@code mvn verify}.
 */
package tme.bench;
