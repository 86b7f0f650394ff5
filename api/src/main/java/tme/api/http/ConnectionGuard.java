package tme.api.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import java.util.List;

/**
 * One HTTP/1 connection's deadlines, between the decoder and Vert.x, and the framing rules Netty's decoder leaves
 * to us. A connection is always in one phase, each with its own deadline, looked at by its loop's
 * {@link ConnectionSweep}:
 * <ul>
 *   <li>{@code HEAD}: from the opening, or from the first byte of the next request, until the request's headers are
 *       in; past {@code HTTP_HEAD_TIMEOUT} the connection is closed (there is no request to answer);</li>
 *   <li>{@code BODY}: from the headers until the body is in; past {@code HTTP_BODY_TIMEOUT} it is answered 408
 *       {@code request_timeout} (when no answer has begun) and closed;</li>
 *   <li>{@code ANSWERING}: the request is in, the answer is being made or written; {@code KEPT_ALIVE}: answered,
 *       waiting for the next request. In both, {@code HTTP_IDLE_TIMEOUT} with nothing written closes it, except an
 *       SSE stream's (its heartbeat is its own business).</li>
 * </ul>
 * Between requests the idle timeout applies, not the head's: a kept-alive connection a proxy holds for its next
 * request is not an attack (as Go's {@code IdleTimeout} and {@code ReadHeaderTimeout} divide it).
 */
final class ConnectionGuard extends ChannelDuplexHandler {

    enum Phase { HEAD, BODY, ANSWERING, KEPT_ALIVE, CLOSED }

    private static final AsciiString EVENT_STREAM = AsciiString.cached("text/event-stream");
    private static final AsciiString JSON_LINES = AsciiString.cached("application/x-ndjson");
    /** A paced answer's kernel send buffer (Linux doubles it) and write queue bounds ({@link #pace}). */
    private static final int PACED_SEND_BUFFER = 16 * 1024;
    private static final WriteBufferWaterMark PACED_QUEUE = new WriteBufferWaterMark(8 * 1024, 16 * 1024);

    /** Where this guard is in its sweep's list (-1: not in it). */
    int index = -1;
    // The write queue's bounds before a paced answer held them small; null while none is paced.
    private WriteBufferWaterMark unpaced;
    private final ConnectionBounds bounds;
    private final ConnectionSweep sweep;
    private ChannelHandlerContext ctx;
    private Phase phase = Phase.HEAD;
    /** The sweep's clock when the phase began, or (answering, kept alive) when something was last written. */
    private long since;
    /** Requests whose head came in, and answers written to their end. */
    private long heads;
    private long answers;
    /** An answer's head is written, its end not yet. */
    private boolean answering;
    /** That answer is an SSE stream. */
    private boolean streaming;
    /** A request's framing was refused: Vert.x answers it and closes; nothing after it is passed on. */
    private boolean refused;

    ConnectionGuard(ConnectionBounds bounds, ConnectionSweep sweep) {
        this.bounds = bounds;
        this.sweep = sweep;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        sweep.add(this);
        since = sweep.now();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        phase = Phase.CLOSED;
        sweep.remove(this);
        super.channelInactive(ctx);
    }

    /** Bytes came in (before the decoder): on a kept-alive connection, a new request's head has begun. */
    void bytesArrived() {
        if (phase == Phase.KEPT_ALIVE) {
            phase = Phase.HEAD;
            since = sweep.now();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg); // the refused request's body, or a request smuggled in it
            return;
        }
        if (msg instanceof HttpRequest request) {
            headIn(request);
        }
        if (msg instanceof LastHttpContent && phase == Phase.BODY) {
            phase = answers >= heads ? Phase.KEPT_ALIVE : Phase.ANSWERING;
            since = sweep.now();
        }
        ctx.fireChannelRead(msg);
    }

    private void headIn(HttpRequest request) {
        heads++;
        phase = Phase.BODY;
        since = sweep.now();
        DecoderResult result = request.decoderResult();
        if (result.isSuccess()) {
            String problem = framingProblem(request);
            if (problem != null) {
                request.setDecoderResult(DecoderResult.failure(new FramingRefused(problem)));
                result = request.decoderResult();
            }
        }
        if (result.cause() instanceof FramingRefused) {
            refused = true; // Vert.x answers a failed request through InvalidRequests, then closes
            bounds.framingRefused();
        }
    }

    /**
     * What is wrong with the request's {@code Transfer-Encoding} (RFC 9112 §6.1), or null: we only read {@code
     * chunked}, once, in HTTP/1.1; an HTTP/1.0 message with the header "MUST be treated as if the framing is faulty".
     * The decoder has refused {@code Content-Length} with {@code chunked} already ({@link FramingDecoder}).
     */
    static String framingProblem(HttpRequest request) {
        List<String> codings = request.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
        if (codings.isEmpty()) {
            return null;
        }
        if (!request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
            return "Transfer-Encoding in an HTTP/1.0 request: its body's length is ambiguous";
        }
        if (codings.size() != 1 || !codings.getFirst().strip().equalsIgnoreCase("chunked")) {
            return "Transfer-Encoding other than chunked: only chunked is read";
        }
        return null;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            answering = true;
            // A whole answer is never a stream: only an open-ended one is looked at.
            streaming = !(msg instanceof LastHttpContent) && isEventStream(response);
            if (!(msg instanceof LastHttpContent) && isType(response, JSON_LINES)) {
                pace(ctx);
            }
        }
        if (msg instanceof LastHttpContent) {
            unpace(ctx);
            answers++;
            answering = false;
            streaming = false;
            if (phase == Phase.ANSWERING && answers >= heads) {
                phase = Phase.KEPT_ALIVE;
            }
        }
        if (phase == Phase.ANSWERING || phase == Phase.KEPT_ALIVE) {
            since = sweep.now(); // something written: not idle
        }
        ctx.write(msg, promise);
    }

    private static boolean isEventStream(HttpResponse response) {
        return isType(response, EVENT_STREAM);
    }

    private static boolean isType(HttpResponse response, AsciiString wanted) {
        String type = response.headers().get(HttpHeaderNames.CONTENT_TYPE);
        return type != null && AsciiString.regionMatches(type, true, 0, wanted, 0, wanted.length());
    }

    /**
     * A JSON-lines answer ({@code /v1/history}) is made as fast as its reader reads it: its maker waits while the
     * write queue is full. The kernel's send buffer grows to megabytes on its own (a whole walk would fit, its pages
     * all loaded from t.me while the reader sleeps), and Netty's queue holds 64 KiB; both are held small while the
     * answer lasts, so a full queue means the reader is behind by a page or two. The queue's bounds come back when it
     * ends; the send buffer stays small for the connection's life (once set, Linux no longer tunes it).
     */
    private void pace(ChannelHandlerContext ctx) {
        unpaced = ctx.channel().config().getWriteBufferWaterMark();
        ctx.channel().config().setOption(ChannelOption.SO_SNDBUF, PACED_SEND_BUFFER);
        ctx.channel().config().setWriteBufferWaterMark(PACED_QUEUE);
    }

    private void unpace(ChannelHandlerContext ctx) {
        if (unpaced != null) {
            ctx.channel().config().setWriteBufferWaterMark(unpaced);
            unpaced = null;
        }
    }

    /** Called by the sweep with its clock: closes the connection if its phase's deadline has passed. */
    void check(long now) {
        long age = now - since;
        switch (phase) {
            case HEAD -> {
                if (bounds.past(age, bounds.headNanos(), sweep)) {
                    close(ConnectionBounds.Reason.HEAD_TIMEOUT);
                }
            }
            case BODY -> {
                if (bounds.past(age, bounds.bodyNanos(), sweep)) {
                    bodyTimedOut();
                }
            }
            case ANSWERING, KEPT_ALIVE -> {
                if (!streaming && bounds.past(age, bounds.idleNanos(), sweep)) {
                    close(ConnectionBounds.Reason.IDLE);
                }
            }
            case CLOSED -> { }
        }
    }

    /** 408 when this request's answer has not begun (nor an earlier one is still owed), then closed. */
    private void bodyTimedOut() {
        phase = Phase.CLOSED;
        bounds.closing(ctx.channel(), ConnectionBounds.Reason.BODY_TIMEOUT);
        if (!answering && answers == heads - 1) {
            bounds.writeRequestTimeout(ctx);
        } else {
            ctx.close();
        }
    }

    private void close(ConnectionBounds.Reason reason) {
        phase = Phase.CLOSED;
        bounds.closing(ctx.channel(), reason);
        ctx.close();
    }

    Phase phase() {
        return phase;
    }
}
