package tme.api.push;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;

/**
 * The event-loop context push runs on, named {@code push} in the docs: made once by {@code Main}, for the tail of the
 * event logs and the WebSub hub's watch and deliverer, whose state it guards (touched on it only, without locks),
 * rather than whatever context happened to run {@code Main.start}. {@link #owns()} is the check, asserted where that
 * state is touched (cheap; on in tests, where assertions are enabled).
 */
public final class PushLoop {

    private final ContextInternal context;

    private PushLoop(ContextInternal context) {
        this.context = context;
    }

    /** A new event-loop context of {@code vertx}'s, for push alone. */
    public static PushLoop create(Vertx vertx) {
        return new PushLoop(((VertxInternal) vertx).createEventLoopContext());
    }

    public Context context() {
        return context;
    }

    /** Runs {@code task} on the push context (later, even when called on it). */
    public void run(Runnable task) {
        context.runOnContext(v -> task.run());
    }

    /** Whether the caller runs on the push context (or a context duplicated from it: a timer's, a future's). */
    public boolean owns() {
        Context current = Vertx.currentContext();
        return current instanceof ContextInternal internal && internal.unwrap() == context;
    }
}
