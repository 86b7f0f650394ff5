package tme.api.outbound;

import io.vertx.core.Future;
import java.net.InetAddress;
import java.net.URI;
import java.util.Optional;

/**
 * Which URLs the server may call. Checked by {@link GuardedClient} before every request it sends, the first and
 * each redirect's (when the rule follows redirects at all). Two rules: {@link HostAllowList} for media (named hosts,
 * connected to as Vert.x resolves them), {@link PublicAddresses} for callbacks a client names (the host resolved
 * first, every address public, and the connection made to the address checked; no redirects).
 */
public interface OutboundRule {

    /** The verdict on {@code url}: where to connect, or why not. Fails only when no verdict could be reached. */
    Future<Verdict> check(URI url);

    /** Whether a redirect is followed (its target checked in turn); if not, the 3xx answer is the answer. */
    boolean followsRedirects();

    /** A URL checked. */
    sealed interface Verdict {
        /** May be called; at {@code address} when the rule resolved the host (else the client resolves it). */
        record Allowed(Optional<InetAddress> address) implements Verdict {}

        /** Must not be called: nothing is sent to it. */
        record Refused(String reason) implements Verdict {}

        static Verdict of(Optional<String> refusal) {
            return refusal.<Verdict>map(Refused::new).orElse(ANYWHERE);
        }
    }

    /** Allowed, connected to wherever the host name resolves when the request is made. */
    Verdict.Allowed ANYWHERE = new Verdict.Allowed(Optional.empty());
}
