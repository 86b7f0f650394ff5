/**
 * Test doubles shared through the scraper test-jar: {@link tme.scraper.testing.Fixtures} reads the recorded
 * t.me pages, {@link tme.scraper.testing.FakeTme} serves them over loopback HTTP with knobs for delay,
 * status, hang, 429 (Retry-After seconds or any value, Bot-API JSON, no hint), custom answers (per path or
 * everywhere), any channel served as a recorded one, a hold-and-release gate, hit counts and arrival times;
 * {@link tme.scraper.testing.Surprises} builds the pages t.me does not normally serve (proxy errors, captcha,
 * challenge, renamed or cut-off recordings). Used by the scraper and api
 * tests and by the benchmarks; never by production code.
 */
package tme.scraper.testing;
