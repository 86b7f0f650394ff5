package tme.coalescing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How long the steps of one load took, named by the {@link Loader} (the api's: gate, upstream, parse, render), in
 * the order they ran. It travels with the load's result, so every caller that shared the load gets the same
 * numbers; {@link #NONE} for everything no load of this process produced just now (hits, stale answers, values or
 * failures another process loaded, failures remembered from a recent load).
 *
 * @param steps each step's name and duration
 */
public record Timings(List<Step> steps) {

    /** No load behind the answer: what every hit carries (one shared instance, so a hit allocates nothing more). */
    public static final Timings NONE = new Timings(List.of());

    /**
     * @param name a short token the loader chooses ({@code upstream})
     * @param took how long the step ran
     */
    public record Step(String name, Duration took) {
        public Step {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(took, "took");
        }
    }

    public Timings {
        steps = List.copyOf(steps);
    }

    /** These steps and then {@code name}, which took {@code took}. */
    public Timings and(String name, Duration took) {
        List<Step> more = new ArrayList<>(steps.size() + 1);
        more.addAll(steps);
        more.add(new Step(name, took));
        return new Timings(more);
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }
}
