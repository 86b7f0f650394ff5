package tme.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ZipfTest {

    @Test
    void probability_followsOneOverRank() {
        Zipf zipf = new Zipf(4, 1.0);
        double harmonic = 1 + 1 / 2.0 + 1 / 3.0 + 1 / 4.0; // 25/12
        assertEquals(1 / harmonic, zipf.probability(0), 1e-12);
        assertEquals(0.5 / harmonic, zipf.probability(1), 1e-12);
        assertEquals(0.25 / harmonic, zipf.probability(3), 1e-12);
    }

    @Test
    void rank_mapsUniformValuesOntoTheCumulativeSteps() {
        Zipf zipf = new Zipf(4, 1.0); // cumulative: 0.48, 0.72, 0.88, 1
        assertEquals(0, zipf.rank(0.0));
        assertEquals(0, zipf.rank(0.47));
        assertEquals(1, zipf.rank(0.481));
        assertEquals(2, zipf.rank(0.80));
        assertEquals(3, zipf.rank(0.999_999));
    }

    @Test
    void draws_overThousandKeys_giveTheHottestKeyAboutThirteenPercent() {
        int[] draws = new Zipf(1000, 1.0).draws(100_000, 42);
        int[] counts = new int[1000];
        for (int rank : draws) {
            counts[rank]++;
        }
        // 1 / H(1000) = 0.1336; 100k draws keep the share within a few tenths of a percent.
        assertTrue(counts[0] > 12_800 && counts[0] < 13_900, "hottest key drawn " + counts[0] + " times");
        assertTrue(counts[0] > counts[1] && counts[1] > counts[9] && counts[9] > counts[999],
                "counts fall with rank: " + counts[0] + ", " + counts[1] + ", " + counts[9] + ", " + counts[999]);
    }

    @Test
    void draws_withTheSameSeed_repeat() {
        Zipf zipf = new Zipf(1000, 1.0);
        assertArrayEquals(zipf.draws(1000, 7), zipf.draws(1000, 7));
    }

    @Test
    void constructor_rejectsEmptyRangeAndNonPositiveExponent() {
        assertThrows(IllegalArgumentException.class, () -> new Zipf(0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new Zipf(10, 0.0));
    }
}
