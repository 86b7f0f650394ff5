package tme.scraper.testing.fuzz;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestInfo;

/**
 * A property over mutated pages as JUnit 5 dynamic tests: a fixed number of cases, each a {@link MutatedPage}
 * drawn by {@link PageMutations} from a {@link SplittableRandom} of its own seed, and named by that seed and the
 * page's fixture. The case seeds follow from one base seed per suite, so every run checks the same pages.
 *
 * <p>A failing case reports its suite, seed, fixture, mutations and cut, and the command that replays it alone:
 * {@code -Dfuzz.seed=<seed>} turns each suite that runs into that one case, and {@code -Dtest=Class#method} picks
 * the suite. Nothing is shrunk: the report shows the page as it was drawn.
 */
public final class SeededCases {

    /** The system property that replays one case: the case's seed, as its test name and report show it. */
    public static final String SEED_PROPERTY = "fuzz.seed";

    private SeededCases() {}

    /** {@code cases} pages of {@code fixtures} from {@code baseSeed}, each a test that runs {@code check} on it. */
    public static Stream<DynamicTest> of(TestInfo suite, long baseSeed, int cases, List<String> fixtures,
            Consumer<MutatedPage> check) {
        return seeds(baseSeed, cases).mapToObj(seed -> {
            MutatedPage page = PageMutations.page(fixtures, new Draw(new SplittableRandom(seed)));
            return DynamicTest.dynamicTest("seed " + seed + ", " + page.fixture(),
                    () -> checkReporting(suite, seed, page, check));
        });
    }

    /** The replayed seed alone, or {@code cases} seeds from {@code baseSeed} (non-negative: they paste as they are). */
    static LongStream seeds(long baseSeed, int cases) {
        String replayed = System.getProperty(SEED_PROPERTY, "").strip();
        if (replayed.isEmpty()) {
            return new SplittableRandom(baseSeed).longs(cases, 0, Long.MAX_VALUE);
        }
        try {
            return LongStream.of(Long.parseLong(replayed));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SEED_PROPERTY + " is not a seed: " + replayed, e);
        }
    }

    private static void checkReporting(TestInfo suite, long seed, MutatedPage page, Consumer<MutatedPage> check) {
        try {
            check.accept(page);
        } catch (RuntimeException | Error e) { // a parser may overflow the stack, not only throw or fail a check
            throw new AssertionError(report(suite, seed, page, e), e);
        }
    }

    static String report(TestInfo suite, long seed, MutatedPage page, Throwable failure) {
        String test = suite.getTestClass().map(Class::getSimpleName).orElse("?") + "#"
                + suite.getTestMethod().map(Method::getName).orElse("?");
        // Surefire runs a module's tests in the module's folder; its name is what -pl takes.
        Path module = Path.of(System.getProperty("user.dir")).getFileName();
        return test + " failed on seed " + seed + " (not shrunk):\n"
                + page.describe() + "\n"
                + "replay this case alone, from the repository root:\n"
                + "  mvn -B verify -pl " + module + " -am -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dtest='" + test + "' -D" + SEED_PROPERTY + "=" + seed + "\n"
                + "failure: " + failure;
    }
}
