package tme.bench.mixed;

import java.util.SplittableRandom;
import tme.bench.Zipf;

/**
 * What request {@code i} of a run is: its route class, drawn by the mix's weights, and its key, the channel (or
 * the group's first channel) drawn by Zipf popularity over the catalogue's channels; for {@code post}, one of the
 * channel's three ids, drawn uniformly. Drawn once, before the run, from a seed: every column of a run, and every
 * run, sends the same requests in the same order, and drawing costs the loop nothing.
 */
public final class MixPlan {

    private final Catalogue catalogue;
    private final byte[] classes;
    private final int[] keys;

    private MixPlan(Catalogue catalogue, byte[] classes, int[] keys) {
        this.catalogue = catalogue;
        this.classes = classes;
        this.keys = keys;
    }

    /** {@code weights}: per route class (by ordinal), 0 or more, not all 0. */
    public static MixPlan draw(Catalogue catalogue, int[] weights, double exponent, int count, long seed) {
        double[] cumulative = cumulative(weights);
        Zipf zipf = new Zipf(catalogue.channels(), exponent);
        SplittableRandom random = new SplittableRandom(seed);
        byte[] classes = new byte[count];
        int[] keys = new int[count];
        for (int i = 0; i < count; i++) {
            RouteClass c = RouteClass.values()[pick(cumulative, random.nextDouble())];
            int rank = zipf.rank(random.nextDouble());
            classes[i] = (byte) c.ordinal();
            keys[i] = c == RouteClass.POST ? rank * Catalogue.POST_IDS.length
                    + random.nextInt(Catalogue.POST_IDS.length) : rank;
        }
        return new MixPlan(catalogue, classes, keys);
    }

    /** {@code body=40,post=15,...}: the weight of each class named; a class not named weighs 0. */
    public static int[] weights(String text) {
        int[] weights = new int[RouteClass.values().length];
        for (String part : text.split(",")) {
            String[] pair = part.trim().split("=");
            if (pair.length != 2) {
                throw new IllegalArgumentException("want class=weight,...: " + text);
            }
            int weight = Integer.parseInt(pair[1].trim());
            if (weight < 0) {
                throw new IllegalArgumentException("a negative weight: " + part);
            }
            weights[RouteClass.of(pair[0].trim()).ordinal()] = weight;
        }
        return weights;
    }

    private static double[] cumulative(int[] weights) {
        double[] cumulative = new double[weights.length];
        double sum = 0;
        for (int k = 0; k < weights.length; k++) {
            sum += weights[k];
            cumulative[k] = sum;
        }
        if (sum <= 0) {
            throw new IllegalArgumentException("every weight is 0");
        }
        for (int k = 0; k < weights.length; k++) {
            cumulative[k] /= sum;
        }
        return cumulative;
    }

    /** The first class whose cumulative weight exceeds {@code u}, skipping classes of weight 0. */
    private static int pick(double[] cumulative, double u) {
        for (int k = 0; k < cumulative.length; k++) {
            if (u < cumulative[k]) {
                return k;
            }
        }
        return cumulative.length - 1;
    }

    public int count() {
        return classes.length;
    }

    public RouteClass classOf(long i) {
        return RouteClass.values()[classes[(int) i]];
    }

    public int keyOf(long i) {
        return keys[(int) i];
    }

    public byte[] bytes(long i) {
        return catalogue.request(classOf(i), keyOf(i));
    }

    public Catalogue catalogue() {
        return catalogue;
    }
}
