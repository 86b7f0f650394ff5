package tme.cache;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;

/**
 * One cached answer: the payload bytes (zstd when that was smaller, else raw), what the caller says it is,
 * and when it was first stored and for how long it is fresh.
 *
 * <p>{@code storedAt} travels with the value to Redis, so the entry has the same age on every server, and
 * early refresh can compute the same refresh point everywhere. Both times are kept at millisecond precision,
 * the precision of the Redis codec, so the L1 copy and the L2 copy of one write are equal.
 *
 * <p>The payload array is shared, never copied: nobody may modify it.
 *
 * @param payload    zstd frame when {@code compressed}, else the raw bytes
 * @param compressed whether {@code payload} is a zstd frame
 * @param rawSize    size of the raw bytes (the UTF-8 JSON), also the decompressed size
 * @param kind       an opaque small number the caller defines (e.g. answer vs "not found"), 0..255
 * @param storedAt   when the value was first stored
 * @param freshFor   how long after {@code storedAt} the value is fresh (the TTL it was stored with)
 */
public record Stored(byte[] payload, boolean compressed, int rawSize, int kind, Instant storedAt, Duration freshFor) {

    public static final int MAX_KIND = 255;

    public Stored {
        if (kind < 0 || kind > MAX_KIND) {
            throw new IllegalArgumentException("kind must be within 0.." + MAX_KIND + ": " + kind);
        }
        if (rawSize < 0 || (!compressed && rawSize != payload.length)) {
            throw new IllegalArgumentException("rawSize " + rawSize + " does not fit a payload of " + payload.length);
        }
        if (freshFor.isNegative()) {
            throw new IllegalArgumentException("freshFor must not be negative: " + freshFor);
        }
        storedAt = storedAt.truncatedTo(ChronoUnit.MILLIS);
        freshFor = freshFor.truncatedTo(ChronoUnit.MILLIS);
    }

    /** Stores {@code raw} (UTF-8 JSON), compressed with zstd level 1 when that makes it smaller. */
    public static Stored of(byte[] raw, int kind, Instant storedAt, Duration freshFor) {
        return of(Encoded.of(raw), kind, storedAt, freshFor);
    }

    /** Stores bytes already encoded (compressed off the event loop by the caller). */
    public static Stored of(Encoded body, int kind, Instant storedAt, Duration freshFor) {
        return new Stored(body.payload(), body.compressed(), body.rawSize(), kind, storedAt, freshFor);
    }

    /** The raw bytes; decompresses on every call, so call it once per response. */
    public byte[] raw() {
        return compressed ? Compression.decompress(payload, rawSize) : payload;
    }

    /** When the value stops being fresh: {@code storedAt + freshFor}. */
    public Instant expiresAt() {
        return storedAt.plus(freshFor);
    }

    /** How long ago the value was first stored (zero when {@code now} is before it, e.g. a skewed clock). */
    public Duration age(Instant now) {
        Duration age = Duration.between(storedAt, now);
        return age.isNegative() ? Duration.ZERO : age;
    }

    /** Freshness left at {@code now}; zero or negative once expired. */
    public Duration timeLeft(Instant now) {
        return Duration.between(now, expiresAt());
    }

    // A record compares arrays by identity; a stored value is equal by content.
    @Override
    public boolean equals(Object other) {
        return other instanceof Stored s
                && compressed == s.compressed && rawSize == s.rawSize && kind == s.kind
                && storedAt.equals(s.storedAt) && freshFor.equals(s.freshFor)
                && Arrays.equals(payload, s.payload);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(payload) + storedAt.hashCode();
    }

    @Override
    public String toString() {
        return "Stored[" + (compressed ? "zstd " + payload.length + "/" : "raw ") + rawSize + " bytes, kind "
                + kind + ", storedAt " + storedAt + ", freshFor " + freshFor + "]";
    }
}
