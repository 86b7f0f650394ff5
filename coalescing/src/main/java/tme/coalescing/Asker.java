package tme.coalescing;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Who asked for a read: the client a load it starts is charged to (the upstream gate shares its turns and budget
 * between clients first) and the flow the load belongs to (then between a client's flows: a channel, or one whole
 * multi-channel request). Every read of the cache and of the services takes one; nothing fills it in, so a load
 * cannot be charged to nobody or to a name made up on the way. Work nobody asked for just now (the refresher, early
 * refreshes, a server's own loads without Redis) asks as {@link #background}.
 *
 * <p>A reader's client may be worked out lazily ({@link #lazily}): a hit needs no one's name, and working it out
 * (a proxy's headers, an IPv6 prefix) is skipped on the hot path. Worked out once at most; a race works it out twice
 * to the same value.
 */
public final class Asker {

    /** The client every background load (early refresh, stale-while-revalidate, the refresher) belongs to. */
    public static final String BACKGROUND_CLIENT = "background";

    // Numbers the flows of requests that are a flow of their own (forRequest); unique in this process.
    private static final AtomicLong REQUESTS = new AtomicLong();

    private final Supplier<String> clientOf;
    private final String flow;
    private String client; // worked out by clientOf on first use; a benign race works it out twice

    private Asker(Supplier<String> clientOf, String flow) {
        this.clientOf = clientOf;
        this.flow = Objects.requireNonNull(flow, "flow");
    }

    /** {@code client}'s read as part of {@code flow}. */
    public static Asker of(String client, String flow) {
        Objects.requireNonNull(client, "client");
        return new Asker(() -> client, flow);
    }

    /** As {@link #of}, the client worked out only if a load is charged to it. */
    public static Asker lazily(Supplier<String> client, String flow) {
        return new Asker(Objects.requireNonNull(client, "client"), flow);
    }

    /** {@code client}'s request as a flow of its own, {@code kind#n} (a feed, a previews request, a GraphQL query). */
    public static Asker forRequest(String client, String kind) {
        return of(client, kind + "#" + REQUESTS.incrementAndGet());
    }

    /** Background work for {@code flow}, charged to {@link #BACKGROUND_CLIENT}. */
    public static Asker background(String flow) {
        return of(BACKGROUND_CLIENT, flow);
    }

    /** Who asked, an opaque key (an address, an API client, {@link #BACKGROUND_CLIENT}). */
    public String client() {
        String known = client;
        if (known == null) {
            known = Objects.requireNonNull(clientOf.get(), "client");
            client = known;
        }
        return known;
    }

    public String flow() {
        return flow;
    }

    /** The background work a read of this asker sets off for everyone (a refresh ahead of expiry), in its flow. */
    public Asker inBackground() {
        return background(flow);
    }

    @Override
    public String toString() {
        return "Asker[" + (client != null ? client : "?") + ", flow " + flow + "]";
    }
}
