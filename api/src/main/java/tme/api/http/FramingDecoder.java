package tme.api.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import java.util.List;

/**
 * Vert.x's request decoder, with three changes. A request with both {@code Content-Length} and {@code
 * Transfer-Encoding: chunked} fails to decode ({@link FramingRefused}) where Netty would drop the {@code
 * Content-Length} and read on: the request is answered 400 and the connection closed, and nothing after it is read
 * (the decoder discards the rest). The first bytes of a request on a kept-alive connection start its head's deadline
 * ({@link ConnectionGuard#bytesArrived}). And a {@code HEAD} whose request line the decoder cannot read (too long)
 * stays a {@code HEAD}, answered without a body, where Netty makes every such request a {@code GET}.
 */
final class FramingDecoder extends VertxHttpRequestDecoder {

    private static final byte[] HEAD = {'H', 'E', 'A', 'D', ' '};

    private final ConnectionGuard guard;
    /** The bytes this decoding began at start with {@code HEAD } (read for a request line that fails to decode). */
    private boolean headLine;

    FramingDecoder(HttpServerOptions options, ConnectionGuard guard) {
        super(options);
        this.guard = guard;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        guard.bytesArrived();
        super.channelRead(ctx, msg);
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new FramingRefused("Content-Length together with Transfer-Encoding: the body's length is ambiguous");
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        headLine = startsWithHead(buffer);
        super.decode(ctx, buffer, out);
    }

    /**
     * The request made for one whose line could not be read. Netty makes it only before a line was read, when the
     * undecoded bytes begin at that line (a line is taken whole or not at all), so they tell its method.
     */
    @Override
    protected HttpMessage createInvalidMessage() {
        HttpMessage invalid = super.createInvalidMessage();
        if (headLine && invalid instanceof HttpRequest request) {
            request.setMethod(HttpMethod.HEAD);
        }
        return invalid;
    }

    /** Whether {@code buffer}'s unread bytes begin with {@code HEAD }, after the line breaks between requests. */
    private static boolean startsWithHead(ByteBuf buffer) {
        int at = buffer.readerIndex();
        int end = buffer.writerIndex();
        while (at < end && (buffer.getByte(at) == '\r' || buffer.getByte(at) == '\n')) {
            at++;
        }
        if (end - at < HEAD.length) {
            return false;
        }
        for (byte b : HEAD) {
            if (buffer.getByte(at++) != b) {
                return false;
            }
        }
        return true;
    }
}
