package tme.api;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * SIGTERM (a deploy, a scale-down) and SIGINT (Ctrl-C) stop the server cleanly, say so, and exit 0; 1 when the stop
 * did not finish in time. Handled as signals, not with a shutdown hook: a JVM stopping on SIGTERM exits 143 whatever
 * its hooks do, unless one halts it, and by then {@code java.util.logging}'s own hook may have closed the log's
 * handlers, so "stopped" would be lost (hooks run at once, in no order). Here the stop runs first, while everything
 * still works, and {@link System#exit} after it runs the hooks as usual. The handler is {@code sun.misc.Signal}, the
 * JDK's only way to catch a signal (module {@code jdk.unsupported}, kept for exactly this); where it is refused
 * ({@code -Xrs}) the stop runs as a shutdown hook instead, exiting 143 as before.
 */
final class StopSignals {

    private static final System.Logger LOG = System.getLogger(StopSignals.class.getName());
    private static final String[] SIGNALS = {"TERM", "INT"};

    private StopSignals() {}

    /**
     * On the first of the signals, runs {@code stop} with its name ({@code SIGTERM}; true: it finished cleanly) and
     * exits; later ones are ignored (the stop has its own deadline).
     */
    static void install(Predicate<String> stop) {
        AtomicBoolean stopping = new AtomicBoolean();
        for (String name : SIGNALS) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                    if (stopping.compareAndSet(false, true)) {
                        System.exit(stop.test("SIG" + name) ? 0 : 1);
                    }
                });
            } catch (IllegalArgumentException refused) {
                LOG.log(System.Logger.Level.DEBUG, "SIG" + name + " is the JVM's: stopping on a shutdown hook", refused);
                if (name.equals(SIGNALS[0])) {
                    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                        if (stopping.compareAndSet(false, true)) {
                            stop.test("SIG" + name);
                        }
                    }, "tme-shutdown"));
                }
            }
        }
    }
}
