/**
 * Pure, lenient t.me parsers: {@code html -> model}, no I/O. Entry points are {@link tme.scraper.parse.ChannelPageParser},
 * {@link tme.scraper.parse.MoreParser}, {@link tme.scraper.parse.PreviewParser} and
 * {@link tme.scraper.parse.SearchPageParser} (a channel page that must echo its query); each answers a {@link
 * tme.scraper.parse.Parsed} (ok with an odd-post count, not found, or an anomaly of one {@link
 * tme.scraper.parse.Anomaly} kind, found by pure shape checks in {@code PageChecks}). Every selector and marker
 * lives in {@code Selectors}. A missing optional node gives null/empty; a part that throws is left out of its post and
 * counted, so one odd post never fails a page.
 */
package tme.scraper.parse;
