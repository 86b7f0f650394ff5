package tme.api.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.EventExecutor;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.impl.ConnectionBase;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import tme.api.problem.Problem;
import tme.api.render.ProblemJson;

/**
 * What bounds the HTTP connections of this process, every event loop's server together ({@code HTTP_*_TIMEOUT},
 * {@code MAX_CONNECTIONS*}): the caps, checked once per connection as it is accepted (over one, it is closed at
 * once, before a byte is read); the deadlines, one {@link ConnectionGuard} per connection in the pipeline, looked at
 * by one {@link ConnectionSweep} per event loop; the framing rules ({@link FramingDecoder}); and their counters.
 */
public final class ConnectionBounds {

    /** Why a connection was closed (or refused) by these bounds: the {@code reason} label of its counter. */
    enum Reason {
        HEAD_TIMEOUT, BODY_TIMEOUT, IDLE, SERVER_CAP, ADDRESS_CAP, FRAMING;

        final String counter = "http.connections.closed." + name().toLowerCase();
    }

    /** Vert.x's names in an HTTP/1 pipeline: its decoder, and its handler, which ours goes in front of. */
    private static final String DECODER = "httpDecoder";
    private static final String HANDLER = "handler";
    private static final String GUARD = "tme-connection-guard";
    /** On a connection these bounds closed: why. The request it cuts short fails on the close, no hang-up. */
    private static final AttributeKey<Reason> CLOSED_FOR = AttributeKey.valueOf("tme.closedFor");

    private final ConnectionsConfig config;
    private final TrustedProxies proxies;
    private final LongSupplier clock;
    private final long headNanos;
    private final long bodyNanos;
    private final long idleNanos;
    private final byte[] requestTimeout;
    private final AtomicInteger open = new AtomicInteger();
    private final Map<String, Integer> perAddress = new ConcurrentHashMap<>();
    private final Map<EventExecutor, ConnectionSweep> sweeps = new ConcurrentHashMap<>();
    private final Map<Reason, LongAdder> closed = new EnumMap<>(Reason.class);

    public ConnectionBounds(ConnectionsConfig config, TrustedProxies proxies) {
        this(config, proxies, System::nanoTime);
    }

    /** @param clock what the sweeps read ({@link System#nanoTime}; tests tick with their own) */
    ConnectionBounds(ConnectionsConfig config, TrustedProxies proxies, LongSupplier clock) {
        this.config = config;
        this.proxies = proxies;
        this.clock = clock;
        headNanos = config.headTimeout().toNanos();
        bodyNanos = config.bodyTimeout().toNanos();
        idleNanos = config.idleTimeout().toNanos();
        requestTimeout = ProblemJson.bytes(Problem.requestTimeout(config.bodyTimeout()));
        for (Reason reason : Reason.values()) {
            closed.put(reason, new LongAdder());
        }
    }

    /**
     * Every HTTP server's connection handler, on the connection's loop as Vert.x has just built its pipeline, before
     * a byte is read: over a cap it is closed; else its decoder is {@link FramingDecoder} and it gets its guard.
     */
    public void accept(HttpConnection connection, HttpServerOptions options) {
        if (connection instanceof ConnectionBase base && admit(base.channel())) {
            guard(base.channel(), options);
        }
    }

    /** The guard and decoder into an HTTP/1 pipeline (h2c is off, so every pipeline is one). */
    void guard(Channel channel, HttpServerOptions options) {
        ChannelPipeline pipeline = channel.pipeline();
        if (pipeline.get(DECODER) == null || pipeline.get(HANDLER) == null) {
            return;
        }
        ConnectionSweep sweep = sweeps.computeIfAbsent(channel.eventLoop(),
                loop -> new ConnectionSweep(loop, config.tick().toNanos(), clock));
        ConnectionGuard guard = new ConnectionGuard(this, sweep);
        pipeline.replace(DECODER, DECODER, new FramingDecoder(options, guard));
        pipeline.addBefore(HANDLER, GUARD, guard);
    }

    /** Counts the connection in, or closes it when the server or its peer's address is at its cap. */
    private boolean admit(Channel channel) {
        if (open.incrementAndGet() > config.maxConnections()) {
            open.decrementAndGet();
            refuse(channel, Reason.SERVER_CAP);
            return false;
        }
        String peer = peerKey(channel.remoteAddress());
        if (peer != null && perAddress.merge(peer, 1, Integer::sum) > config.maxConnectionsPerAddress()) {
            leave(peer);
            open.decrementAndGet();
            refuse(channel, Reason.ADDRESS_CAP);
            return false;
        }
        channel.closeFuture().addListener(done -> {
            open.decrementAndGet();
            if (peer != null) {
                leave(peer);
            }
        });
        return true;
    }

    private void refuse(Channel channel, Reason reason) {
        closed(reason);
        channel.close();
    }

    private void leave(String peer) {
        perAddress.computeIfPresent(peer, (address, count) -> count == 1 ? null : count - 1);
    }

    /**
     * What the per-address cap counts {@code address} as: its IP address, an IPv6 one by its /64 (one client's
     * usual share, as the client limit counts it); null for a trusted proxy (many clients) or a socket without one.
     */
    private String peerKey(SocketAddress address) {
        if (!(address instanceof InetSocketAddress inet) || inet.getAddress() == null) {
            return null;
        }
        byte[] bytes = IpAddresses.parse(inet.getAddress().getHostAddress());
        if (bytes == null || proxies.contains(bytes)) {
            return null;
        }
        return ClientLimits.key(IpAddresses.format(bytes));
    }

    /**
     * Whether a phase {@code age} old (on the sweep's clock) is past {@code deadline}. A phase is stamped with the
     * clock of the sweep's last tick, up to a tick before it really began: a tick more keeps a deadline from being
     * enforced early.
     */
    boolean past(long age, long deadline, ConnectionSweep sweep) {
        return age >= deadline + sweep.tickNanos();
    }

    long headNanos() {
        return headNanos;
    }

    long bodyNanos() {
        return bodyNanos;
    }

    long idleNanos() {
        return idleNanos;
    }

    void closed(Reason reason) {
        closed.get(reason).increment();
    }

    /** Counts {@code channel} closed for {@code reason}, and marks it so ({@link #closedByBounds}), before it closes. */
    void closing(Channel channel, Reason reason) {
        channel.attr(CLOSED_FOR).set(reason);
        closed(reason);
    }

    /**
     * Whether these bounds closed {@code connection} (a body past its deadline, an answer idle too long): then a
     * request failing as it closes was cut short by the server, and is counted already, by reason; no client hung up.
     */
    static boolean closedByBounds(HttpConnection connection) {
        return connection instanceof ConnectionBase base && base.channel().hasAttr(CLOSED_FOR)
                && base.channel().attr(CLOSED_FOR).get() != null;
    }

    void framingRefused() {
        closed(Reason.FRAMING);
    }

    /** 408 {@code request_timeout} in the problem shape, then the connection closed: the body never came whole. */
    void writeRequestTimeout(ChannelHandlerContext ctx) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.REQUEST_TIMEOUT, Unpooled.wrappedBuffer(requestTimeout));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, Responses.PROBLEM_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, requestTimeout.length)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .set(RequestIds.HEADER, RequestIds.next());
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * {@code http.connections.open} and one {@code http.connections.closed.<reason>} per {@link Reason}, for
     * {@code GET /metrics}.
     */
    public Map<String, Long> counters() {
        Map<String, Long> all = new HashMap<>();
        all.put("http.connections.open", (long) open.get());
        closed.forEach((reason, count) -> all.put(reason.counter, count.sum()));
        return all;
    }
}
