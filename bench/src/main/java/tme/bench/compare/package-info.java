/**
 * The pieces of {@code bench/load/run.sh compare} that have logic: the Zipf key set and the replayed draws both wrk
 * sides read ({@link tme.bench.compare.ZipfKeysMain}), the per-thread CPU split of the server from
 * {@code /proc/<pid>/task/}{@code *}{@code /stat} ({@link tme.bench.compare.ThreadCpu}), and the one table the command
 * prints ({@link tme.bench.compare.ReportMain}) from the result lines the script collected.
 */
package tme.bench.compare;
