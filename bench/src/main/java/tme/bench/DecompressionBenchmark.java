package tme.bench;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import tme.cache.Encoded;
import tme.cache.Stored;

/**
 * Where the time of {@code Stored.raw()} goes, to see which zstd-jni call the cache should make: the floor
 * (allocating and copying the raw bytes), the cache's own call (a thread-local {@code ZstdDecompressCtx},
 * a new array per call), the static {@code Zstd.decompress}, decompressing into a reused array (no
 * allocation), and between reused direct buffers (no JNI array pinning).
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar DecompressionBenchmark -f 1 -wi 3 -i 5}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class DecompressionBenchmark extends AverageTimeBenchmark {

    @Param({"LARGE"})
    public Page page;

    private byte[] raw;
    private byte[] frame;
    private Stored stored;
    private ZstdDecompressCtx ctx;
    private byte[] reusedArray;
    private ByteBuffer directFrame;
    private ByteBuffer directRaw;

    @Setup(Level.Trial)
    public void setUp() {
        raw = page.json();
        Encoded encoded = Encoded.of(raw);
        frame = encoded.payload();
        stored = Stored.of(encoded, Hits.KIND_OK, java.time.Instant.now(), Hits.FRESH_FOR);
        ctx = new ZstdDecompressCtx();
        reusedArray = new byte[raw.length];
        directFrame = ByteBuffer.allocateDirect(frame.length).put(frame).flip();
        directRaw = ByteBuffer.allocateDirect(raw.length);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        ctx.close();
    }

    @Benchmark
    public byte[] copyRawBytes() {
        return Arrays.copyOf(raw, raw.length);
    }

    @Benchmark
    public byte[] storedRaw() {
        return stored.raw();
    }

    @Benchmark
    public byte[] staticDecompress() {
        return Zstd.decompress(frame, raw.length);
    }

    @Benchmark
    public byte[] contextIntoReusedArray() {
        ctx.decompressByteArray(reusedArray, 0, reusedArray.length, frame, 0, frame.length);
        return reusedArray;
    }

    @Benchmark
    public ByteBuffer contextDirectBuffers() {
        ctx.decompressDirectByteBuffer(directRaw, 0, raw.length, directFrame, 0, frame.length);
        return directRaw;
    }
}
