package tme.cache;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;

/**
 * zstd level 1, kept only when it makes the bytes smaller.
 *
 * <p>Level 1 because JSON compresses about 5x even at the fastest level and a miss must stay cheap.
 * One compression and one decompression context per thread: creating a native context per call
 * costs more than decompressing a small answer, and event-loop threads live as long as the server.
 */
final class Compression {

    static final int LEVEL = 1;

    private static final ThreadLocal<ZstdCompressCtx> COMPRESSORS =
            ThreadLocal.withInitial(() -> new ZstdCompressCtx().setLevel(LEVEL));
    private static final ThreadLocal<ZstdDecompressCtx> DECOMPRESSORS =
            ThreadLocal.withInitial(ZstdDecompressCtx::new);

    private Compression() {}

    /** The zstd frame of {@code raw}, or {@code null} when it would not be smaller than {@code raw}. */
    static byte[] compressIfSmaller(byte[] raw) {
        if (raw.length == 0) {
            return null;
        }
        byte[] compressed = COMPRESSORS.get().compress(raw);
        return compressed.length < raw.length ? compressed : null;
    }

    /** Decompresses a frame whose original size is known (it travels with the stored value). */
    static byte[] decompress(byte[] frame, int rawSize) {
        byte[] raw = DECOMPRESSORS.get().decompress(frame, rawSize);
        if (raw.length != rawSize) {
            throw new IllegalStateException("zstd frame gave " + raw.length + " bytes, expected " + rawSize);
        }
        return raw;
    }

    /** The size the frame header declares, or -1 when unknown; used to validate values read from Redis. */
    static long declaredSize(byte[] frame) {
        return Zstd.getFrameContentSize(frame);
    }
}
