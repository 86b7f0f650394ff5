package tme.api.http;

/**
 * A block of addresses, {@code 10.0.0.0/8} or {@code 2001:db8::/32}; a bare address is a block of one. An IPv4
 * block never contains an IPv6 address, nor the reverse (an IPv4-mapped address is read as IPv4 first).
 */
final class Cidr {

    private final byte[] network;
    private final int prefixBits;

    private Cidr(byte[] network, int prefixBits) {
        this.network = network;
        this.prefixBits = prefixBits;
    }

    /** Reads {@code 10.0.0.0/8}, {@code 2001:db8::/32} or a bare address; null if {@code text} is none of these. */
    static Cidr parse(String text) {
        String trimmed = text.strip();
        int slash = trimmed.indexOf('/');
        byte[] network = IpAddresses.parse(slash < 0 ? trimmed : trimmed.substring(0, slash));
        if (network == null) {
            return null;
        }
        int bits = network.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            prefix = prefixBits(trimmed.substring(slash + 1), bits);
            if (prefix < 0 || !hostBitsClear(network, prefix)) {
                return null; // 10.1.2.3/8 is a typo more often than a wish for 10.0.0.0/8
            }
        }
        return new Cidr(network, prefix);
    }

    /** Whether {@code address} ({@link IpAddresses#parse} bytes) lies in this block. */
    boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int whole = prefixBits / 8;
        for (int i = 0; i < whole; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixBits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (address[whole] & mask) == (network[whole] & mask);
    }

    @Override
    public String toString() {
        return IpAddresses.format(network) + "/" + prefixBits;
    }

    private static int prefixBits(String text, int max) {
        if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        int bits = Integer.parseInt(text);
        return bits <= max ? bits : -1;
    }

    private static boolean hostBitsClear(byte[] network, int prefix) {
        for (int bit = prefix; bit < network.length * 8; bit++) {
            if ((network[bit / 8] & (0x80 >>> (bit % 8))) != 0) {
                return false;
            }
        }
        return true;
    }
}
