package tme.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Zipf popularity over {@code n} ranks: rank {@code k} (0-based) is drawn with probability proportional to
 * {@code 1 / (k + 1)^exponent}. With exponent 1 over 1000 keys the hottest key takes 13% of the reads and
 * the 100 hottest 69%, close to what caches in front of web content see.
 */
public final class Zipf {

    // cumulative[k] = P(rank <= k); the last one is 1.
    private final double[] cumulative;

    public Zipf(int n, double exponent) {
        if (n < 1 || !(exponent > 0)) {
            throw new IllegalArgumentException("want n >= 1 and exponent > 0: n=" + n + ", exponent=" + exponent);
        }
        cumulative = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += 1 / Math.pow(k + 1, exponent);
            cumulative[k] = sum;
        }
        for (int k = 0; k < n; k++) {
            cumulative[k] /= sum;
        }
        cumulative[n - 1] = 1;
    }

    /** The probability of {@code rank}. */
    public double probability(int rank) {
        return rank == 0 ? cumulative[0] : cumulative[rank] - cumulative[rank - 1];
    }

    /** The rank for a uniform {@code u} in [0, 1). */
    public int rank(double u) {
        int found = Arrays.binarySearch(cumulative, u);
        int rank = found >= 0 ? found + 1 : -found - 1; // first rank whose cumulative probability exceeds u
        return Math.min(rank, cumulative.length - 1);
    }

    /**
     * {@code count} ranks drawn with a fixed seed: benchmarks replay them so every run and fork reads the
     * same keys in the same order, and drawing costs nothing inside the measured method.
     */
    public int[] draws(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] ranks = new int[count];
        for (int i = 0; i < count; i++) {
            ranks[i] = rank(random.nextDouble());
        }
        return ranks;
    }
}
