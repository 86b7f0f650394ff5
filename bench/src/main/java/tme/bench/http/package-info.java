/**
 * What the load generators need of HTTP/1.1 and no more: a GET's bytes made once ({@link tme.bench.http.Request}),
 * a parser that reads responses as their bytes arrive and drops the bodies ({@link tme.bench.http.ResponseParser}),
 * used by the open loop's non-blocking connections, and a blocking keep-alive connection on top of it for the burst
 * ({@link tme.bench.http.Connection}, one virtual thread each). No pool, no futures, no header maps: a generator
 * pays a write and a few reads per request, so what it measures is the server.
 */
package tme.bench.http;
