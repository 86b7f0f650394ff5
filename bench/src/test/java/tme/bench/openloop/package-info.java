/**
 * The open loop's schedule and recording, and the generator against real servers on loopback (no sleeps: each test
 * is a bounded schedule).
 */
package tme.bench.openloop;
