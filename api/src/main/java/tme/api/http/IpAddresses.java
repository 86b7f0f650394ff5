package tme.api.http;

import io.netty.util.NetUtil;
import java.util.Arrays;

/**
 * IP address literals as bytes: 4 for IPv4, 16 for IPv6, an IPv4-mapped IPv6 address ({@code ::ffff:1.2.3.4}, how a
 * dual-stack socket shows an IPv4 peer) as its IPv4 address, so one CIDR list covers both spellings. Literals only:
 * nothing here resolves a name, so a header can never make the server look anything up.
 */
final class IpAddresses {

    private static final byte[] MAPPED_PREFIX = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};

    private IpAddresses() {}

    /**
     * The address in {@code text}, or null when it is none: {@code 203.0.113.7}, {@code 2001:db8::1}, and the forms
     * proxies write into {@code X-Forwarded-For} with a port or brackets ({@code 203.0.113.7:5123},
     * {@code [2001:db8::1]:443}).
     */
    static byte[] parse(String text) {
        String literal = withoutPort(text.strip());
        byte[] bytes = literal.isEmpty() ? null : NetUtil.createByteArrayFromIpAddressString(literal);
        if (bytes == null) {
            return null;
        }
        return isMapped(bytes) ? Arrays.copyOfRange(bytes, 12, 16) : bytes;
    }

    /** The canonical text of an address ({@code 2001:db8::1}, {@code 203.0.113.7}). */
    static String format(byte[] address) {
        return NetUtil.bytesToIpAddress(address);
    }

    private static String withoutPort(String text) {
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            return close < 0 ? "" : text.substring(1, close);
        }
        int colon = text.indexOf(':');
        // One colon: IPv4 and a port. Several: IPv6 without brackets (a port cannot be told apart there).
        return colon >= 0 && text.indexOf(':', colon + 1) < 0 ? text.substring(0, colon) : text;
    }

    private static boolean isMapped(byte[] bytes) {
        return bytes.length == 16 && Arrays.equals(bytes, 0, 12, MAPPED_PREFIX, 0, 12);
    }
}
