/**
 * Fetching from t.me, kept apart from parsing: {@link tme.scraper.fetch.TmeClient} sends browser-like
 * requests over a pooled keep-alive client and turns every answer into an {@link tme.scraper.fetch.Upstream}
 * value (ok, not found, throttled, failed, timed out). Nothing here reads HTML; the parsers never do I/O.
 */
package tme.scraper.fetch;
