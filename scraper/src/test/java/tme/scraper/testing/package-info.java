/**
 * Test doubles shared through the scraper test-jar: {@link tme.scraper.testing.Fixtures} reads the recorded
 * t.me pages, {@link tme.scraper.testing.FakeTme} serves them over loopback HTTP with knobs for delay,
 * status, hang, 429, custom answers, a hold-and-release gate and hit counts. Used by the scraper and api
 * tests and by the benchmarks; never by production code.
 */
package tme.scraper.testing;
