/**
 * Issue 30's mixed load ({@code bench/load/mixed.sh}): an open-loop generator ({@link tme.bench.mixed.MixedMain}, on
 * the open loop's {@link tme.bench.openloop.Driver}) sending a Zipf-shaped mix of route classes
 * ({@link tme.bench.mixed.MixPlan} over a {@link tme.bench.mixed.Catalogue} of requests), recording latencies from
 * each request's intended start per class and per cache level ({@link tme.bench.mixed.MixLatencies},
 * {@link tme.bench.mixed.Level}), the servers' CPU ({@link tme.bench.mixed.ProcessCpu}), and the table of a run's
 * columns side by side ({@link tme.bench.mixed.MixTableMain}).
 */
package tme.bench.mixed;
