/**
 * A cold burst: N requests sent at the same moment over N connections already open, spread over the servers of a
 * fleet, to count how many of them reach t.me (single-flight in each server, Redis leases across them: one).
 */
package tme.bench.burst;
