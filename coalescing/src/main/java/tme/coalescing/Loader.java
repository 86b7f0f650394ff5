package tme.coalescing;

import io.vertx.core.Future;

/**
 * The I/O boundary: produces the value for one key (in the api: fetch from t.me, parse, render). Expected
 * outcomes, including domain failures such as "not found upstream", are {@link Loaded} values; a failed future
 * means a bug or an unexpected error, and is passed on to every caller that shared the load.
 */
@FunctionalInterface
public interface Loader {

    /** Loads {@code context.key()}; the context says for whom, how urgently, and what it replaces. */
    Future<Loaded> load(LoadContext context);
}
