/** The mixed load's draws, its recording per route class and cache level, its requests and its table. */
package tme.bench.mixed;
