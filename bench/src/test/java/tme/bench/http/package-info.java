/** The load generators' HTTP/1.1: request bytes, and responses parsed in any pieces. */
package tme.bench.http;
