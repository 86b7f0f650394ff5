/**
 * What an operator reads: {@code GET /metrics} in the Prometheus text format (Micrometer), {@code GET /healthz} and
 * {@code GET /readyz}. The other modules count with {@code LongAdder}s behind plain {@code counters()} maps
 * ({@code tme.redis.Counters}); {@link tme.api.metrics.CounterMeters} is the one place that binds those to the
 * registry, by the table in {@link tme.api.metrics.MeterTable}, read once per scrape. Requests are timed by route,
 * status and answering level in {@link tme.api.metrics.RequestMeters}, from the one end of every request
 * ({@code tme.api.http.RequestStart}, through {@link tme.api.metrics.Telemetry}): each thread into rows of its own
 * ({@link tme.api.metrics.LoopTimings}), added up by the scrape. Every metric is listed, with its meaning
 * and the alerts to set, in {@code docs/operations.md}.
 */
package tme.api.metrics;
