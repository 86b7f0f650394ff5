package tme.api.http;

import io.vertx.core.http.HttpHeaders;
import java.security.SecureRandom;
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

    private static final String PREFIX = prefix(new SecureRandom());
    private static final AtomicLong NEXT = new AtomicLong();

    private RequestIds() {}

    /** {@code offered} (the request's header, or null) if it is sane, else a new id. */
    static String of(String offered) {
        return offered != null && sane(offered) ? offered : next();
    }

    static String next() {
        return PREFIX + Long.toString(NEXT.getAndIncrement(), 36);
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
    private static String prefix(SecureRandom random) {
        String alphabet = "0123456789abcdefghijklmnopqrstuv";
        long bits = random.nextLong();
        StringBuilder prefix = new StringBuilder(9);
        for (int i = 0; i < 8; i++) {
            prefix.append(alphabet.charAt((int) (bits & 31)));
            bits >>>= 5;
        }
        return prefix.append('-').toString();
    }
}
