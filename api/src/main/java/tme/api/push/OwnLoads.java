package tme.api.push;

import io.vertx.core.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * What keeps a watched channel current from this server, asked each {@link Watchers} round. While the fleet's Redis
 * is out of reach ({@code reachable} false: no Redis at all, or this server's breaker open) it loads the channel
 * itself ({@code load}, which reloads only a page old enough: at most one t.me load per interval per server, and only
 * for channels someone streams or subscribes to), because no refresher can claim the channel then and t.me's page
 * shows only about 20 posts: unloaded, posts published meanwhile fall off it before anyone sees them. While Redis
 * answers, the refreshers load it, and this server offers again what it kept from publishes that could not reach the
 * log ({@link PostEvents#offerKept}), so they reach it before the fleet's next load appends newer posts.
 */
public final class OwnLoads implements Function<String, Future<?>> {

    private final BooleanSupplier reachable;
    private final Function<String, Future<?>> load;
    private final PostEvents events;

    public OwnLoads(BooleanSupplier reachable, Function<String, Future<?>> load, PostEvents events) {
        this.reachable = reachable;
        this.load = load;
        this.events = events;
    }

    @Override
    public Future<?> apply(String channel) {
        return reachable.getAsBoolean() ? events.offerKept(channel) : load.apply(channel);
    }
}
