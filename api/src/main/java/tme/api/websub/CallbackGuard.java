package tme.api.websub;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The public-address rule for callbacks (no SSRF): an http(s) URL without user info whose host resolves, every
 * address of it, to a public unicast address: not loopback, private (RFC 1918, unique local), link-local, shared
 * (100.64/10), unspecified, multicast, broadcast, documentation or benchmarking ranges, nor IPv4 in IPv6. The
 * answer is the address checked, which the client then connects to (so DNS cannot answer otherwise a moment later).
 * {@code allowPrivate} lifts the address rule (tests, closed networks), never the URL's.
 */
final class CallbackGuard {

    /** A callback checked: where to connect, or why not. */
    sealed interface Verdict {
        record Allowed(URI url, InetAddress address) implements Verdict {}

        record Refused(String reason) implements Verdict {}
    }

    private final Vertx vertx;
    private final boolean allowPrivate;

    CallbackGuard(Vertx vertx, boolean allowPrivate) {
        this.vertx = vertx;
        this.allowPrivate = allowPrivate;
    }

    /** Checks {@code url}, resolving its host off the event loop. */
    Future<Verdict> check(URI url) {
        String shape = shape(url);
        if (shape != null) {
            return Future.succeededFuture(new Verdict.Refused(shape));
        }
        String host = url.getHost().startsWith("[") ? url.getHost().substring(1, url.getHost().length() - 1)
                : url.getHost();
        return vertx.executeBlocking(() -> resolve(url, host), false);
    }

    private Verdict resolve(URI url, String host) {
        List<InetAddress> addresses;
        try {
            addresses = List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            return new Verdict.Refused("hub.callback's host does not resolve: " + host);
        }
        if (!allowPrivate) {
            for (InetAddress address : addresses) {
                if (!isPublic(address)) {
                    return new Verdict.Refused("hub.callback's host " + host + " is at " + address.getHostAddress()
                            + ", not a public address");
                }
            }
        }
        return new Verdict.Allowed(url, addresses.getFirst());
    }

    /** Why the URL itself is refused, or null. */
    static String shape(URI url) {
        if (url == null || !url.isAbsolute() || url.isOpaque()) {
            return "hub.callback must be an absolute http(s) URL";
        }
        if (!"http".equalsIgnoreCase(url.getScheme()) && !"https".equalsIgnoreCase(url.getScheme())) {
            return "hub.callback must be an http(s) URL";
        }
        if (url.getHost() == null || url.getHost().isEmpty()) {
            return "hub.callback must name a host";
        }
        if (url.getRawFragment() != null) {
            return "hub.callback must not carry a fragment";
        }
        if (url.getRawUserInfo() != null) {
            return "hub.callback must not carry user info";
        }
        return null;
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
            boolean documentation = first == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8;
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
