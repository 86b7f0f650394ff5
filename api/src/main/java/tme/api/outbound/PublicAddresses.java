package tme.api.outbound;

import io.vertx.core.Future;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;

/**
 * The public-address rule, for URLs a client names (WebSub callbacks; no SSRF): an http(s) URL without user info or
 * fragment whose host resolves ({@link Resolver}: our bounded threads, a deadline), every address of it, to a public
 * unicast address: not loopback, private (RFC 1918, unique local), link-local, shared (100.64/10), unspecified,
 * multicast, broadcast, documentation or benchmarking ranges, nor IPv4 in IPv6 (mapped, compatible, NAT64). The host
 * is resolved here whatever its form (a name, a dotted, decimal or hex IPv4, an IPv6 literal), and the verdict
 * carries the address checked, which {@link GuardedClient} connects to: DNS cannot answer otherwise a moment later.
 * No redirects: a 3xx is the answer (its target was never checked). {@code allowPrivate} lifts the address rule
 * (tests, closed networks), never the URL's.
 */
public final class PublicAddresses implements OutboundRule {

    private final String name;
    private final Resolver resolver;
    private final boolean allowPrivate;

    /** {@code name}: what the URL is called in refusals ({@code hub.callback must name a host}). */
    public PublicAddresses(String name, Resolver resolver, boolean allowPrivate) {
        this.name = name;
        this.resolver = resolver;
        this.allowPrivate = allowPrivate;
    }

    @Override
    public Future<Verdict> check(URI url) {
        Optional<String> shape = shape(name, url);
        if (shape.isPresent()) {
            return Future.succeededFuture(new Verdict.Refused(shape.get()));
        }
        String host = url.getHost().startsWith("[") ? url.getHost().substring(1, url.getHost().length() - 1)
                : url.getHost();
        return resolver.all(host).map(addresses -> judge(host, addresses))
                .recover(failed -> unresolved(host, failed));
    }

    @Override
    public boolean followsRedirects() {
        return false;
    }

    /** No addresses: the name has none, or our lookups are full or slow. Either way nothing may be sent. */
    private Future<Verdict> unresolved(String host, Throwable failed) {
        if (failed instanceof UnknownHostException || failed instanceof IllegalArgumentException) {
            return Future.succeededFuture(new Verdict.Refused(name + "'s host does not resolve: " + host));
        }
        if (failed instanceof Resolver.LookupFailed notNow) {
            return Future.succeededFuture(new Verdict.Refused(name + "'s host could not be looked up now ("
                    + notNow.getMessage() + ")"));
        }
        return Future.failedFuture(failed);
    }

    private Verdict judge(String host, List<InetAddress> addresses) {
        if (!allowPrivate) {
            for (InetAddress address : addresses) {
                if (!isPublic(address)) {
                    return new Verdict.Refused(name + "'s host " + host + " is at " + address.getHostAddress()
                            + ", not a public address");
                }
            }
        }
        return new Verdict.Allowed(Optional.of(addresses.getFirst()));
    }

    /** Why the URL itself is refused, before any lookup; {@code name} is what the URL is called. */
    public static Optional<String> shape(String name, URI url) {
        if (url == null || !url.isAbsolute() || url.isOpaque()) {
            return Optional.of(name + " must be an absolute http(s) URL");
        }
        if (!"http".equalsIgnoreCase(url.getScheme()) && !"https".equalsIgnoreCase(url.getScheme())) {
            return Optional.of(name + " must be an http(s) URL");
        }
        if (url.getHost() == null || url.getHost().isEmpty()) {
            return Optional.of(name + " must name a host");
        }
        if (url.getRawFragment() != null) {
            return Optional.of(name + " must not carry a fragment");
        }
        if (url.getRawUserInfo() != null) {
            return Optional.of(name + " must not carry user info");
        }
        return Optional.empty();
    }

    /** Whether {@code address} is public unicast (see the class comment). */
    static boolean isPublic(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int a0 = b[0] & 0xff;
            int a1 = b[1] & 0xff;
            int a2 = b[2] & 0xff;
            return !(a0 == 0 || a0 >= 240 // this network; reserved and broadcast
                    || (a0 == 100 && a1 >= 64 && a1 < 128) // shared address space (carrier NAT)
                    || (a0 == 192 && a1 == 0 && (a2 == 0 || a2 == 2)) // IETF protocol assignments, TEST-NET-1
                    || (a0 == 198 && (a1 == 18 || a1 == 19)) // benchmarking
                    || (a0 == 198 && a1 == 51 && a2 == 100) // TEST-NET-2
                    || (a0 == 203 && a1 == 0 && a2 == 113)); // TEST-NET-3
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xff;
            boolean uniqueLocal = (first & 0xfe) == 0xfc;
            boolean documentation = first == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d
                    && (b[3] & 0xff) == 0xb8;
            boolean mappedOrCompatible = isZero(b, 0, 10) && ((b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff
                    || isZero(b, 10, 12));
            boolean nat64 = first == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
            return !(uniqueLocal || documentation || mappedOrCompatible || nat64 || first == 0xff);
        }
        return false;
    }

    private static boolean isZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
