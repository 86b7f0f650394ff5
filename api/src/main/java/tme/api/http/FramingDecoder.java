package tme.api.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;

/**
 * Vert.x's request decoder, with two changes. A request with both {@code Content-Length} and {@code
 * Transfer-Encoding: chunked} fails to decode ({@link FramingRefused}) where Netty would drop the {@code
 * Content-Length} and read on: the request is answered 400 and the connection closed, and nothing after it is read
 * (the decoder discards the rest). And the first bytes of a request on a kept-alive connection start its head's
 * deadline ({@link ConnectionGuard#bytesArrived}).
 */
final class FramingDecoder extends VertxHttpRequestDecoder {

    private final ConnectionGuard guard;

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
}
