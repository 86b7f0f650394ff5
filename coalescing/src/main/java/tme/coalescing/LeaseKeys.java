package tme.coalescing;

/**
 * The Redis key of a value's lease, in the value's hash slot so one script (the claim) can touch both on a Redis
 * Cluster: {@code tme:v1:full:body:durov:0} leases as {@code {tme:v1:full:body:durov:0}:lease}.
 *
 * <p>A key without a hash tag is hashed whole, so {@code "{" + key + "}:lease"} hashes exactly like it: the value
 * keeps its name (and an existing Redis its entries), and values spread over all slots, one each. A key with a tag
 * keeps it when {@code ":lease"} is appended. Keys containing a '}' outside a valid tag cannot be matched this
 * way; ours (lower-case names, digits, colons) never do, and {@code tme.redis.Lua#eval} would refuse the pair.
 */
public final class LeaseKeys {

    private static final String SUFFIX = ":lease";

    private LeaseKeys() {}

    public static String of(String valueKey) {
        int open = valueKey.indexOf('{');
        int close = open < 0 ? -1 : valueKey.indexOf('}', open + 1);
        boolean tagged = close > open + 1;
        return tagged || valueKey.indexOf('}') >= 0 ? valueKey + SUFFIX : "{" + valueKey + "}" + SUFFIX;
    }
}
