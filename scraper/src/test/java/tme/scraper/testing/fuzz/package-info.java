/**
 * Recorded pages made hostile for the property tests: {@link tme.scraper.testing.fuzz.MutatedPage} (a recorded
 * page, the {@link tme.scraper.testing.fuzz.PageMutation}s applied to its DOM, and a cut of the resulting HTML),
 * {@link tme.scraper.testing.fuzz.PageMutations} (their jqwik arbitraries, which shrink a failure to the fewest,
 * smallest mutations) and {@link tme.scraper.testing.fuzz.ModelInvariants} (what every parsed model must
 * satisfy). Shared with the api's render properties through the scraper test-jar.
 */
package tme.scraper.testing.fuzz;
