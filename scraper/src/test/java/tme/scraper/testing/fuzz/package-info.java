/**
 * Recorded pages made hostile for the property tests: {@link tme.scraper.testing.fuzz.MutatedPage} (a recorded
 * page, the {@link tme.scraper.testing.fuzz.PageMutation}s applied to its DOM, and a cut of the resulting HTML),
 * {@link tme.scraper.testing.fuzz.PageMutations} (which draws them through a {@link tme.scraper.testing.fuzz.Draw}
 * from one seed), {@link tme.scraper.testing.fuzz.SeededCases} (a property as JUnit 5 dynamic tests, one a seed,
 * replayed with {@code -Dfuzz.seed}) and {@link tme.scraper.testing.fuzz.ModelInvariants} (what every parsed model
 * must satisfy). Shared with the api's render properties through the scraper test-jar.
 */
package tme.scraper.testing.fuzz;
