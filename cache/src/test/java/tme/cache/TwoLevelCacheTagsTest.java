package tme.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tme.cache.testing.Await;

/**
 * Tagged values dropped together, across two cache instances (two servers) on one real redis-server: the one that
 * drops need not be the one that tagged, and a value under another tag stays.
 */
class TwoLevelCacheTagsTest extends RedisTestBase {

    private static final String TAG = "tme:v1:full:feedsof:durov";
    private static final String FEED = "tme:v1:full:feed:atom:20:1:abc";
    private static final String OTHER = "tme:v1:full:feed:atom:20:1:def";

    @Test
    void dropTagged_dropsWhatAnotherServerTagged_fromL2AndItsOwnL1() {
        TwoLevelCache builder = server(redisL2());
        TwoLevelCache finder = server(redisL2());
        Await.result(builder.put(FEED, json("{\"feed\":1}")));
        Await.result(builder.put(OTHER, json("{\"feed\":2}")));
        Await.result(builder.tag(TAG, FEED, Duration.ofMinutes(5)));
        Await.result(builder.tag("tme:v1:full:feedsof:meduzalive", OTHER, Duration.ofMinutes(5)));
        assertInstanceOf(Lookup.Hit.class, Await.result(finder.get(FEED)), "in the finder's L1 now");

        Set<String> dropped = Await.result(finder.dropTagged(TAG));

        assertEquals(Set.of(FEED), dropped);
        assertEquals("0", redis.command("EXISTS", FEED));
        assertEquals("0", redis.command("EXISTS", TAG), "the tag is taken");
        assertEquals("1", redis.command("EXISTS", OTHER));
        assertInstanceOf(Lookup.Miss.class, Await.result(finder.get(FEED)), "its own L1 copy too");
        assertEquals(Set.of(), Await.result(finder.dropTagged(TAG)), "nothing left under the tag");
    }

    @Test
    void withoutL2_theProcessesOwnTagsDrop() {
        TwoLevelCache alone = server(L2.none());
        Await.result(alone.put(FEED, json("{}")));
        Await.result(alone.tag(TAG, FEED, Duration.ofMinutes(5)));

        assertEquals(Set.of(FEED), Await.result(alone.dropTagged(TAG)));
        assertInstanceOf(Lookup.Miss.class, Await.result(alone.get(FEED)));
    }

    @Test
    void drop_removesOneKeyFromBothLevels() {
        TwoLevelCache cache = server(redisL2());
        Await.result(cache.put(FEED, json("{}")));

        Await.result(cache.drop(FEED));

        assertEquals("0", redis.command("EXISTS", FEED));
        assertInstanceOf(Lookup.Miss.class, Await.result(cache.get(FEED)));
    }
}
