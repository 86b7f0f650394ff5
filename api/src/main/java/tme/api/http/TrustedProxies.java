package tme.api.http;

import java.util.ArrayList;
import java.util.List;

/**
 * The proxies whose word on the client's address we take ({@code TRUSTED_PROXIES}: comma-separated CIDRs, IPv4 and
 * IPv6). Empty by default: then the TCP peer is the client, whatever the headers say.
 */
public final class TrustedProxies {

    private static final TrustedProxies NONE = new TrustedProxies(List.of());

    private final List<Cidr> blocks;

    private TrustedProxies(List<Cidr> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    public static TrustedProxies none() {
        return NONE;
    }

    /**
     * Reads {@code 173.245.48.0/20, 2400:cb00::/32, 127.0.0.1}; blank is none.
     *
     * @throws IllegalArgumentException naming {@code name} and the first entry that is no address block
     */
    public static TrustedProxies parse(String name, String csv) {
        List<Cidr> blocks = new ArrayList<>();
        for (String entry : csv.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            Cidr block = Cidr.parse(entry);
            if (block == null) {
                throw new IllegalArgumentException(name + " must be comma-separated addresses or CIDR blocks like "
                        + "10.0.0.0/8 or 2001:db8::/32 (no host bits past the prefix): " + entry.strip());
            }
            blocks.add(block);
        }
        return blocks.isEmpty() ? NONE : new TrustedProxies(blocks);
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    /** Whether {@code address} ({@link IpAddresses#parse} bytes) is one of ours. */
    boolean contains(byte[] address) {
        for (Cidr block : blocks) {
            if (block.contains(address)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return blocks.toString();
    }
}
