package tme.api.http;

import io.vertx.core.http.HttpHeaders;
import java.util.Locale;

/**
 * Which coding a stored answer goes out in, from the client's {@code Accept-Encoding} (RFC 9110, 12.5.3): the
 * coding with the highest q-value among those we can send, ties going to the smaller one (zstd, then gzip, then
 * identity; identity not named ranks below every named coding). Names and the {@code q} parameter are case-insensitive; {@code *} stands for every coding not
 * listed; {@code q=0} refuses. Identity is acceptable unless refused by name or by {@code *;q=0}; if every coding
 * is refused the answer still goes out as identity (a 406 would help nobody reading public JSON).
 */
enum ContentCoding {
    ZSTD("zstd"),
    GZIP("gzip"),
    IDENTITY("identity");

    /**
     * Identity when the header does not name it: acceptable, but below every coding the client did name, whatever
     * its q-value ({@code zstd;q=0.5} asks for zstd). The lowest q-value a header can carry.
     */
    private static final double UNLISTED_IDENTITY = 0.001;

    private final String token;
    private final CharSequence header; // the token encoded once, as Netty writes it

    ContentCoding(String token) {
        this.token = token;
        this.header = HttpHeaders.createOptimized(token);
    }

    /** The {@code Content-Encoding} value, encoded for Netty; identity sends none. */
    CharSequence header() {
        return header;
    }

    /**
     * Headers already negotiated, by hash: clients send a handful of distinct values, each time as a new string, so
     * an equal one found here skips the parsing. Entries are immutable and replaced whole; a race loses a memo, never
     * gives a wrong answer.
     */
    private static final Negotiated[] NEGOTIATED = new Negotiated[64];

    private record Negotiated(String acceptEncoding, ContentCoding coding) {}

    /** The best coding for {@code acceptEncoding} (null: no header, identity). */
    static ContentCoding negotiate(String acceptEncoding) {
        if (acceptEncoding == null) {
            return IDENTITY;
        }
        int slot = acceptEncoding.hashCode() & (NEGOTIATED.length - 1);
        Negotiated seen = NEGOTIATED[slot];
        if (seen != null && seen.acceptEncoding().equals(acceptEncoding)) {
            return seen.coding();
        }
        ContentCoding coding = parsed(acceptEncoding);
        if (acceptEncoding.length() <= 256) {
            NEGOTIATED[slot] = new Negotiated(acceptEncoding, coding);
        }
        return coding;
    }

    private static ContentCoding parsed(String acceptEncoding) {
        if (acceptEncoding.isBlank()) {
            return IDENTITY;
        }
        double[] quality = qualities(acceptEncoding);
        ContentCoding best = ZSTD;
        for (ContentCoding coding : values()) { // in preference order: a tie keeps the earlier, smaller one
            if (quality[coding.ordinal()] > quality[best.ordinal()]) {
                best = coding;
            }
        }
        return quality[best.ordinal()] > 0 ? best : IDENTITY;
    }

    /** Each coding's q-value in the header: named, else what {@code *} says, else 0 (identity: the lowest). */
    private static double[] qualities(String acceptEncoding) {
        double[] named = {-1, -1, -1};
        double star = -1;
        for (String part : acceptEncoding.split(",")) {
            String[] pieces = part.split(";");
            String name = pieces[0].trim().toLowerCase(Locale.ROOT);
            double q = quality(pieces);
            if (name.equals("*")) {
                star = q;
            }
            for (ContentCoding coding : values()) {
                if (coding.token.equals(name)) {
                    named[coding.ordinal()] = q;
                }
            }
        }
        double[] quality = new double[3];
        for (ContentCoding coding : values()) {
            double unnamed = coding == IDENTITY ? (star >= 0 ? star : UNLISTED_IDENTITY) : Math.max(star, 0);
            quality[coding.ordinal()] = named[coding.ordinal()] >= 0 ? named[coding.ordinal()] : unnamed;
        }
        return quality;
    }

    /** The {@code q} parameter (1 without one; a value we cannot read counts as 0, refused). */
    private static double quality(String[] pieces) {
        for (int i = 1; i < pieces.length; i++) {
            String[] parameter = pieces[i].split("=", 2);
            if (parameter.length == 2 && parameter[0].trim().equalsIgnoreCase("q")) {
                try {
                    double q = Double.parseDouble(parameter[1].trim());
                    return q >= 0 && q <= 1 ? q : 0;
                } catch (NumberFormatException unreadable) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
