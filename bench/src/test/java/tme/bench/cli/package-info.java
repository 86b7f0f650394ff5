/** The mains' options. */
package tme.bench.cli;
