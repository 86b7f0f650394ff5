/** The cold burst: every request in flight at once, statuses counted apart. */
package tme.bench.burst;
