package tme.api.http;

import io.netty.util.concurrent.FastThreadLocal;
import io.vertx.core.buffer.Buffer;
import java.util.function.Function;
import tme.cache.Stored;

/**
 * The stored value this event loop answered last, with what its hits need that the per-value caches hold (its
 * header values, its zstd and identity copies): a hot key's next hit on the same loop takes them from here, without the caches'
 * lookups and the read-buffer upkeep they cost on every hit ({@code bench/load/cpu.sh}). One per loop thread (a
 * Netty {@link FastThreadLocal}: an array read), holding one value; a newer value is a new object, so an older
 * value's parts are never served for it, and nothing here outlives the next value the loop answers.
 */
final class LastValue {

    private static final FastThreadLocal<LastValue> LOOP = new FastThreadLocal<>() {
        @Override
        protected LastValue initialValue() {
            return new LastValue();
        }
    };

    // Confined to the loop thread that owns this instance.
    private Stored stored;
    private ValueHeaders.Values values;
    private Buffer zstd;
    private Buffer identity;

    private LastValue() {}

    /** This thread's last value, now {@code stored}: its parts are kept if it was already, else dropped. */
    static LastValue of(Stored stored) {
        LastValue last = LOOP.get();
        if (last.stored != stored) {
            last.stored = stored;
            last.values = null;
            last.zstd = null;
            last.identity = null;
        }
        return last;
    }

    ValueHeaders.Values values(ValueHeaders headers) {
        if (values == null) {
            values = headers.of(stored);
        }
        return values;
    }

    /** Its identity copy, once {@code ready} has one (null until then: asked again on the next hit). */
    Buffer identity(Function<Stored, Buffer> ready) {
        if (identity == null) {
            identity = ready.apply(stored);
        }
        return identity;
    }

    Buffer zstd(Function<Stored, Buffer> copies) {
        if (zstd == null) {
            zstd = copies.apply(stored);
        }
        return zstd;
    }
}
