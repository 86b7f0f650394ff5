package tme.api.outbound;

import java.net.URI;
import java.util.Optional;

/**
 * Which URLs the server may call. Checked by {@link GuardedClient} before every request it sends, the first and
 * each redirect's. The boundary where a second rule plugs in: a public-address rule (the resolved address is not
 * loopback, private, link-local or multicast) for callbacks a client names, next to {@link HostAllowList} for media.
 */
public interface OutboundRule {

    /** Why {@code url} must not be fetched, or empty when it may be. */
    Optional<String> refusal(URI url);
}
