package tme.coalescing.gate;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.DoubleSupplier;

/** The throttle's random draws, given in order by a test; one more than given fails the test. */
final class Draws implements DoubleSupplier {

    // Guarded by this.
    private final Deque<Double> left;

    private Draws(List<Double> draws) {
        this.left = new ArrayDeque<>(draws);
    }

    static Draws of(Double... draws) {
        return new Draws(List.of(draws));
    }

    @Override
    public synchronized double getAsDouble() {
        if (left.isEmpty()) {
            throw new AssertionError("the throttle drew more random numbers than the test gave");
        }
        return left.removeFirst();
    }

    synchronized int remaining() {
        return left.size();
    }
}
