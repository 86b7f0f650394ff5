/**
 * An open-loop load generator: requests start on a fixed schedule whatever the server does, and each latency is
 * measured from the request's intended start, so a server that stalls is charged for every request that should
 * have started meanwhile (no coordinated omission, unlike a closed loop such as wrk). {@link
 * tme.bench.openloop.OpenLoopMain} runs it; {@code bench/load/compare.sh} uses it at half the measured peak rate and
 * for the hot key read over several TTLs.
 */
package tme.bench.openloop;
