package tme.coalescing.refresh;

import io.vertx.core.Future;

/**
 * The I/O boundary of the refresher: refreshes one name at background priority, through whatever protects upstream
 * (in the api: the channel's latest page through the cache, leases, budget and cooldown). Expected outcomes are
 * values; a failed future is a bug, counted and treated as {@link RefreshOutcome.Failed}.
 */
@FunctionalInterface
public interface Refresh {

    Future<RefreshOutcome> refresh(String name);

    /**
     * Refreshes {@code name} {@code depth} deep, the depth its readers registered ({@link Schedule#register(
     * java.util.Collection, int)}; 1 at least). Without a notion of depth, a refresh of the name alone.
     */
    default Future<RefreshOutcome> refresh(String name, int depth) {
        return refresh(name);
    }
}
