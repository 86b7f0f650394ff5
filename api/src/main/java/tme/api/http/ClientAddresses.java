package tme.api.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * Who a request is from. The TCP peer, unless the peer is one of the {@link TrustedProxies}: then
 * {@code CF-Connecting-IP} (Cloudflare's word for the visitor), else the right-most {@code X-Forwarded-For} hop that
 * is not itself a trusted proxy. Entries left of that hop were written by whoever the client is, so they are never
 * read, and a client talking to the server directly cannot name itself anyone by sending these headers.
 */
public final class ClientAddresses {

    static final CharSequence CF_CONNECTING_IP = HttpHeaders.createOptimized("CF-Connecting-IP");
    static final CharSequence X_FORWARDED_FOR = HttpHeaders.createOptimized("X-Forwarded-For");
    /** Hops read from the right at most: a chain of proxies is a few long; the rest of a longer list is a client's. */
    static final int MAX_HOPS = 32;

    private final TrustedProxies trusted;

    public ClientAddresses(TrustedProxies trusted) {
        this.trusted = trusted;
    }

    /** Where {@link #remembered} keeps a request's client once worked out. */
    private static final String CLIENT = ClientAddresses.class.getName();

    /**
     * The request's client, kept on the request for {@link #of(RoutingContext)}: the client limit asks first, the
     * access log line last, and with trusted proxies that is a header split and parsed.
     */
    public String remembered(RoutingContext ctx) {
        String client = of(ctx.request());
        ctx.put(CLIENT, client);
        return client;
    }

    /** The client {@link #remembered} kept, else worked out now (nothing kept: no map made on the hit path). */
    String of(RoutingContext ctx) {
        String known = ctx.get(CLIENT);
        return known != null ? known : of(ctx.request());
    }

    /** The client's address as text; without trusted proxies, the peer's as the socket gives it (no parsing). */
    String of(HttpServerRequest request) {
        String peer = peer(request);
        if (trusted.isEmpty()) {
            return peer;
        }
        String cfConnectingIp = request.getHeader(CF_CONNECTING_IP);
        if (cfConnectingIp == null && !request.headers().contains(X_FORWARDED_FOR)) {
            return peer; // nobody names anyone else: the peer, trusted or not
        }
        return client(peer, cfConnectingIp, request.headers().getAll(X_FORWARDED_FOR));
    }

    /**
     * The rules, apart from the request: {@code peer} the TCP peer, {@code cfConnectingIp} that header or null,
     * {@code forwardedFor} every {@code X-Forwarded-For} header in order. An address taken from a header is
     * written canonically ({@code 2001:db8::1}).
     */
    String client(String peer, String cfConnectingIp, List<String> forwardedFor) {
        byte[] peerAddress = IpAddresses.parse(peer);
        if (peerAddress == null || !trusted.contains(peerAddress)) {
            return peer;
        }
        byte[] visitor = cfConnectingIp == null ? null : IpAddresses.parse(cfConnectingIp);
        if (visitor != null) {
            return IpAddresses.format(visitor);
        }
        return rightMostUntrusted(forwardedFor, peer);
    }

    /**
     * Walks {@code X-Forwarded-For} from the right: each entry is the peer of the proxy that wrote it, so while
     * entries are trusted proxies the next one left is still a trusted proxy's word. The first untrusted entry is
     * the client. An unreadable entry, or the hop limit, ends the walk at the last trusted hop: whatever lies beyond
     * was not written by a proxy we trust. All hops trusted: the left-most.
     */
    private String rightMostUntrusted(List<String> forwardedFor, String peer) {
        String nearest = peer;
        int hops = 0;
        for (int header = forwardedFor.size() - 1; header >= 0; header--) {
            String[] entries = forwardedFor.get(header).split(",");
            for (int i = entries.length - 1; i >= 0; i--) {
                byte[] hop = IpAddresses.parse(entries[i]);
                if (hop == null || ++hops > MAX_HOPS) {
                    return nearest;
                }
                nearest = IpAddresses.format(hop);
                if (!trusted.contains(hop)) {
                    return nearest;
                }
            }
        }
        return nearest;
    }

    /**
     * The peer's address as text: the socket address's host, the literal address (an accepted socket's address has
     * no name) kept since the connection was made, where {@code hostAddress()} formats a new string per request.
     */
    private static String peer(HttpServerRequest request) {
        SocketAddress peer = request.remoteAddress();
        String host = peer == null ? null : peer.host();
        return host == null ? "-" : host;
    }
}
