package tme.api.graphql;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One query's run, from admission to its answer: answered once, by whichever comes first (its result or its
 * deadline), and from then on ended, so its fields stop running ({@link QueryWatch}).
 */
final class QueryRun {

    // Set once, by the first of the result and the deadline to want to answer.
    private final AtomicBoolean answered = new AtomicBoolean();
    // The deadline's timer: set on the request's loop before the answer can reach that loop, read there.
    private volatile long deadline = -1;

    /** True for the one caller that may answer; every later caller is told no. */
    boolean answer() {
        return answered.compareAndSet(false, true);
    }

    /** Whether the query was answered already (its deadline passed, say): its remaining fields need not run. */
    boolean ended() {
        return answered.get();
    }

    void deadline(long timer) {
        deadline = timer;
    }

    long deadline() {
        return deadline;
    }
}
