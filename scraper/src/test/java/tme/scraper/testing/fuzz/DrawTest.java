package tme.scraper.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tme.scraper.testing.Fixtures;

/** The generator behind the property tests: a replayed seed must rebuild its page exactly. */
class DrawTest {

    @Test
    void aSeed_drawsTheSamePageAndHtmlEveryTime() {
        List<String> fixtures = Fixtures.names("frag-", "embed-");
        SeededCases.seeds(7, 20).forEach(seed -> {
            MutatedPage first = PageMutations.page(fixtures, new Draw(new SplittableRandom(seed)));
            MutatedPage again = PageMutations.page(fixtures, new Draw(new SplittableRandom(seed)));
            assertEquals(first, again);
            assertEquals(first.html(), again.html());
        });
    }

    @Test
    void weighted_drawsEachChoiceAsOftenAsItsWeight() {
        Draw draw = new Draw(new SplittableRandom(1));
        int draws = 100_000;
        int heavier = 0;
        for (int i = 0; i < draws; i++) {
            heavier += draw.weighted(Draw.Weighted.of(3, d -> 1), Draw.Weighted.of(1, d -> 0));
        }
        // Weights 3 and 1: three draws in four; 100,000 draws put the share within 0.5% of it.
        assertTrue(Math.abs((double) heavier / draws - 0.75) < 0.005, heavier + " of " + draws);
    }
}
