package tme.coalescing;

/**
 * The Redis key of a value's lease, in the value's hash slot so one script can touch both on a Redis Cluster.
 *
 * <p>A key without a hash tag is hashed whole, so {@code "{" + key + "}:lease"} hashes exactly like it; a key
 * with a tag keeps it when {@code ":lease"} is appended. The cache stores values under their keys as they are.
 * Keys containing a '}' outside a valid tag cannot be matched this way; ours (lower-case names, digits, colons)
 * never do, and a single Redis does not care.
 */
final class LeaseKeys {

    private static final String SUFFIX = ":lease";

    private LeaseKeys() {}

    static String of(String valueKey) {
        int open = valueKey.indexOf('{');
        int close = open < 0 ? -1 : valueKey.indexOf('}', open + 1);
        boolean tagged = close > open + 1;
        return tagged || valueKey.indexOf('}') >= 0 ? valueKey + SUFFIX : "{" + valueKey + "}" + SUFFIX;
    }
}
