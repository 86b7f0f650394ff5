/** Fast checks that the benchmarks measure what they claim (same bytes, real inputs) and that the load fake works. */
package tme.bench;
