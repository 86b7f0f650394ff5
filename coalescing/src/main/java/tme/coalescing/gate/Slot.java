package tme.coalescing.gate;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One upstream request's turn, held from the grant until {@link #release()}. It remembers whose it is (the flow and
 * client, and whether it was granted to background work) so the release gives back exactly the shares it took, even if the
 * load was raised to a reader's meanwhile.
 */
public final class Slot {

    private final UpstreamSlots owner;
    private final String flow;
    private final String client;
    private final boolean background;
    private final Instant grantedAt;
    // Set once by the first release; later releases do nothing, so a caller may release on every path.
    private final AtomicBoolean released = new AtomicBoolean();

    Slot(UpstreamSlots owner, String flow, String client, boolean background, Instant grantedAt) {
        this.owner = owner;
        this.flow = flow;
        this.client = client;
        this.background = background;
        this.grantedAt = grantedAt;
    }

    /** Gives the slot back (the next waiter may be granted it before this returns); idempotent. */
    public void release() {
        if (released.compareAndSet(false, true)) {
            owner.freed(this);
        }
    }

    String flow() {
        return flow;
    }

    String client() {
        return client;
    }

    boolean background() {
        return background;
    }

    Instant grantedAt() {
        return grantedAt;
    }

    @Override
    public String toString() {
        return "Slot[flow " + flow + (background ? ", background" : "") + (released.get() ? ", released" : "") + "]";
    }
}
