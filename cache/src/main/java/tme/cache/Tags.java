package tme.cache;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This process's own record of which keys carry which tag ({@link TwoLevelCache#tag}): what drops them without a
 * second level, and while it cannot be read. Bounded: past {@link #MAX_TAGS} tags or {@link #MAX_KEYS_PER_TAG} keys
 * on one, the record starts again (the values then live to their expiry, as before tags), a few MB at the very worst.
 */
final class Tags {

    static final int MAX_TAGS = 10_000;
    static final int MAX_KEYS_PER_TAG = 1_000;

    private final Map<String, Set<String>> keysByTag = new ConcurrentHashMap<>();

    void tag(String tag, String key) {
        if (keysByTag.size() >= MAX_TAGS && !keysByTag.containsKey(tag)) {
            keysByTag.clear();
        }
        Set<String> keys = keysByTag.computeIfAbsent(tag, t -> ConcurrentHashMap.newKeySet());
        if (keys.size() >= MAX_KEYS_PER_TAG) {
            keys.clear();
        }
        keys.add(key);
    }

    /** The keys tagged {@code tag}, tagged no longer. */
    Set<String> take(String tag) {
        Set<String> keys = keysByTag.remove(tag);
        return keys == null ? Set.of() : keys;
    }
}
