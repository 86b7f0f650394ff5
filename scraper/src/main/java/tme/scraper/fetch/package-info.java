/**
 * Fetching from t.me, kept apart from parsing: {@link tme.scraper.fetch.TmeClient} sends browser-like
 * requests over a pooled keep-alive client and turns every answer into an {@link tme.scraper.fetch.Upstream}
 * value (ok, not found, throttled, intercepted, failed, timed out). Nothing here parses a page; error bodies are
 * only scanned for a few markers, to tell a proxy's error page from t.me's own ({@code Intercepts}) and to read
 * a JSON retry hint ({@code RetryAfter}). The parsers never do I/O.
 */
package tme.scraper.fetch;
