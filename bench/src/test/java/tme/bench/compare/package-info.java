/** The compare command's table: parsing the collected lines, each part's cells, the per-thread CPU split. */
package tme.bench.compare;
