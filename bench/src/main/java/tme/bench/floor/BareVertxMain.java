package tme.bench.floor;

import io.netty.buffer.Unpooled;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.internal.buffer.BufferInternal;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The framework's floor for a hit: a bare Vert.x HTTP server on one event loop (epoll, as the server runs) that
 * answers every request with the same bytes from one off-heap buffer and one header, no router, no cache, no
 * headers of ours. What tme-api spends per hit beyond this is ours to cut; what this spends beyond nginx is Vert.x
 * and the JVM. {@code bench/load/cpu.sh} measures the three side by side.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar tme.bench.floor.BareVertxMain PORT FILE [CONTENT_ENCODING]}: with a
 * third argument ({@code zstd}) the bytes go out with that {@code Content-Encoding} too, as a compressed hit does.
 */
public final class BareVertxMain {

    private BareVertxMain() {}

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        Buffer body = offHeap(Files.readAllBytes(Path.of(args[1])));
        CharSequence json = HttpHeaders.createOptimized("application/json; charset=utf-8");
        CharSequence coding = args.length > 2 ? HttpHeaders.createOptimized(args[2]) : null;
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        HttpServerOptions options = new HttpServerOptions().setCompressionSupported(false)
                .setPerFrameWebSocketCompressionSupported(false).setPerMessageWebSocketCompressionSupported(false);
        vertx.deployVerticle(() -> new VerticleBase() {
            @Override
            public Future<?> start() {
                return vertx.createHttpServer(options)
                        .requestHandler(request -> {
                            var headers = request.response().headers().add(HttpHeaders.CONTENT_TYPE, json);
                            if (coding != null) {
                                headers.add(HttpHeaders.CONTENT_ENCODING, coding);
                            }
                            request.response().end(body);
                        })
                        .listen(port);
            }
        }, new DeploymentOptions().setInstances(1)).await();
        System.out.println("bare Vert.x on port " + port + ", native transport " + vertx.isNativeTransportEnabled());
    }

    private static Buffer offHeap(byte[] bytes) {
        ByteBuffer memory = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        return BufferInternal.buffer(Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(memory).asReadOnly()));
    }
}
