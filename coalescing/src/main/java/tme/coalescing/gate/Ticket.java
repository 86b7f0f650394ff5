package tme.coalescing.gate;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import tme.coalescing.LoadContext;

/**
 * One request's place in line for a slot, from {@link UpstreamSlots#acquire} until it is granted or refused.
 *
 * <p>The answer is delivered on the Vert.x context the caller asked from, when there was one: a reader's handler
 * then goes on on its own event loop even when another loop's release granted the slot. From a plain thread (tests)
 * it is delivered at once on the thread that decided it.
 */
final class Ticket {

    static final long NO_TIMER = -1;

    private final LoadContext load;
    private final Context context;
    private final Promise<SlotGrant> answer = Promise.promise();
    // The queue the ticket waits in, null when it does not wait (yet, or any more). Guarded by the slots' lock;
    // set only by FlowQueues.
    FlowQueues queue;
    // The deadline's Vert.x timer while the ticket waits. Guarded by the slots' lock.
    long timer = NO_TIMER;

    Ticket(LoadContext load, Context context) {
        this.load = load;
        this.context = context;
    }

    String flow() {
        return load.flow();
    }

    String client() {
        return load.client();
    }

    LoadContext load() {
        return load;
    }

    Future<SlotGrant> future() {
        return answer.future();
    }

    /** Completes the caller's future; never call it holding the slots' lock. */
    void deliver(SlotGrant grant) {
        if (context == null || context == Vertx.currentContext()) {
            answer.complete(grant);
        } else {
            context.runOnContext(nothing -> answer.complete(grant));
        }
    }

    @Override
    public String toString() {
        return "Ticket[" + load + "]";
    }
}
