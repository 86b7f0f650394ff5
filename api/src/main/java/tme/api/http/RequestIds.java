package tme.api.http;

import io.netty.util.AsciiString;
import io.vertx.core.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Request ids: the client's own {@code X-Request-Id} when it is sane (1-128 of {@code A-Z a-z 0-9 . _ : -}, so
 * it is safe in a header and a log line), else a new one: this process's random prefix and a counter in base 36,
 * {@code k3v9x2qd-1f4}. One random draw per process, none per request: a fleet's servers each count from 0, and
 * the prefix tells their ids apart.
 */
final class RequestIds {

    static final CharSequence HEADER = HttpHeaders.createOptimized("X-Request-Id");
    static final int MAX_LENGTH = 128;

    private static final byte[] DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PREFIX = prefix(new SecureRandom()); // after DIGITS, which it reads
    private static final AtomicLong NEXT = new AtomicLong();

    private RequestIds() {}

    /** {@code offered} (the request's header, or null) if it is sane, else a new id. */
    static CharSequence of(String offered) {
        return offered != null && sane(offered) ? offered : next();
    }

    /**
     * Written byte by byte: {@code PREFIX + Long.toString(n, 36)} costs twice the garbage (192 bytes a request). An
     * {@link AsciiString} over those bytes, not a String: Netty validates and writes it as bytes, where a String's
     * header value is checked and encoded a char at a time.
     */
    static AsciiString next() {
        long n = NEXT.getAndIncrement();
        int digits = 1;
        for (long rest = n / 36; rest > 0; rest /= 36) {
            digits++;
        }
        byte[] id = Arrays.copyOf(PREFIX, PREFIX.length + digits);
        for (int i = id.length - 1; i >= PREFIX.length; i--, n /= 36) {
            id[i] = DIGITS[(int) (n % 36)];
        }
        return new AsciiString(id, false);
    }

    /** Whether {@code id} matches {@code ^[A-Za-z0-9._:-]{1,128}$}; a loop, as a regex would cost more per request. */
    static boolean sane(String id) {
        int length = id.length();
        if (length == 0 || length > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = id.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == ':' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Eight base-32 characters (40 random bits) and a dash. */
    private static byte[] prefix(SecureRandom random) {
        long bits = random.nextLong();
        byte[] prefix = new byte[9];
        for (int i = 0; i < 8; i++) {
            prefix[i] = DIGITS[(int) (bits & 31)];
            bits >>>= 5;
        }
        prefix[8] = '-';
        return prefix;
    }
}
