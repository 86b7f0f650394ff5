package tme.scraper.testing.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Draws values from one random generator, so a case seeded with one number draws the same values on every run
 * (values are drawn in the order the calls are made; Java evaluates arguments left to right).
 */
public final class Draw {

    /** Fractions are drawn in steps of 1/10,000, so they print short and read back exactly in a report. */
    private static final int FRACTION_STEPS = 10_000;

    private final RandomGenerator random;

    public Draw(RandomGenerator random) {
        this.random = random;
    }

    /** One of {@code choices}, each drawn as often as its weight says against the others' weights. */
    public record Weighted<T>(int weight, Function<Draw, ? extends T> make) {

        public Weighted {
            if (weight <= 0) {
                throw new IllegalArgumentException("weight " + weight + " is not positive");
            }
        }

        public static <T> Weighted<T> of(int weight, Function<Draw, ? extends T> make) {
            return new Weighted<>(weight, make);
        }
    }

    /** An int in [min, max], both included. */
    public int between(int min, int max) {
        return random.nextInt(min, max + 1);
    }

    /** A fraction in [0, 1). */
    public double fraction() {
        return (double) random.nextInt(FRACTION_STEPS) / FRACTION_STEPS;
    }

    /** True with probability {@code p}. */
    public boolean chance(double p) {
        return random.nextDouble() < p;
    }

    public <T> T oneOf(List<? extends T> values) {
        return values.get(random.nextInt(values.size()));
    }

    @SafeVarargs
    public final <T> T oneOf(T... values) {
        return values[random.nextInt(values.length)];
    }

    @SafeVarargs
    public final <T> T weighted(Weighted<? extends T>... choices) {
        int total = 0;
        for (Weighted<? extends T> choice : choices) {
            total += choice.weight();
        }
        int ticket = random.nextInt(total);
        for (Weighted<? extends T> choice : choices) {
            ticket -= choice.weight();
            if (ticket < 0) {
                return choice.make().apply(this);
            }
        }
        throw new AssertionError("unreachable: the tickets add up to " + total);
    }

    /** Between {@code min} and {@code max} items (both included), each drawn by {@code item}. */
    public <T> List<T> listOf(int min, int max, Function<Draw, ? extends T> item) {
        int size = between(min, max);
        List<T> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            items.add(item.apply(this));
        }
        return items;
    }
}
