package tme.api.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tme.coalescing.LeaseKeys;
import tme.coalescing.gate.ThrottleConfig;
import tme.coalescing.refresh.RefreshConfig;
import tme.redis.KeySlot;
import tme.scraper.fetch.Direction;
import tme.scraper.parse.ParserMode;

/**
 * Every key family, as the code builds it, and the keys each of our Redis scripts (or pipelines) touches at once:
 * on a Redis Cluster they must map to one hash slot ({@link KeySlot}, checked against {@code CLUSTER KEYSLOT} in
 * {@code RedisLinkClusterTest}). The names are the ones docs/caching.md lists; changing one leaves what an existing
 * Redis holds behind, so this test pins them too.
 */
class KeyFamiliesTest {

    static final String CHANNEL = "durov";

    @Test
    void valueKeys_haveTheirDocumentedNames_andNoHashTag() {
        Keys full = new Keys(ParserMode.FULL);
        Keys simplified = new Keys(ParserMode.SIMPLIFIED);

        assertEquals(List.of("tme:v1:full:body:durov:0", "tme:v1:simplified:post:durov:531",
                        "tme:v1:full:more:durov:before:490", "tme:v1:full:more:durov:after:490",
                        "tme:v1:preview:durov", "tme:v1:missing:durov"),
                List.of(full.body(CHANNEL, 0), simplified.post(CHANNEL, 531), full.more(CHANNEL, Direction.BEFORE, 490),
                        full.more(CHANNEL, Direction.AFTER, 490), full.preview(CHANNEL), Keys.missing(CHANNEL)));
        valueKeys().forEach(key -> assertTrue(key.indexOf('{') < 0 && key.indexOf('}') < 0, key));
    }

    @Test
    void feedsOfAChannel_aSetOfItsOwn_withoutAHashTag() {
        assertEquals("tme:v1:full:feedsof:durov", new Keys(ParserMode.FULL).feedsOf(CHANNEL));
        assertEquals("tme:v1:full:pagesof:durov", new Keys(ParserMode.FULL).pagesOf(CHANNEL));
    }

    @Test
    void searchKeys_digestTheNormalisedQuery_withoutAHashTag() {
        Keys full = new Keys(ParserMode.FULL);
        String key = full.search(CHANNEL, SearchQuery.parse("q", " Tele{gram} "), 0);

        assertEquals("tme:v1:full:search:durov:0:" + Digests.hex128("tele{gram}"), key);
        assertEquals(key, full.search(CHANNEL, SearchQuery.parse("q", "TELE{GRAM}"), 0));
        assertEquals("tme:v1:full:search:durov:490:" + Digests.hex128("tele{gram}"),
                full.search(CHANNEL, SearchQuery.parse("q", "tele{gram}"), 490));
        assertTrue(key.indexOf('{') < 0 && key.indexOf('}') < 0, key);
    }

    @Test
    void everyScript_touchesOneSlot() {
        scripts().forEach((script, keys) -> assertEquals(1, keys.stream().mapToInt(KeySlot::of).distinct().count(),
                script + " touches " + keys));
    }

    @Test
    void valuesOfOneChannel_spreadOverSlots() {
        long slots = valueKeys().stream().mapToInt(KeySlot::of).distinct().count();
        assertEquals(valueKeys().size(), slots, "each value hashed whole, not one slot (one node) per channel");
    }

    @Test
    void gateKeys_shareTheGatesTag() {
        ThrottleConfig gate = ThrottleConfig.defaults();

        assertEquals("{tme:gate}:cooldown", gate.cooldownKey());
        assertEquals("{tme:gate}:budget", gate.budgetKey());
        assertEquals(KeySlot.of("tme:gate"), KeySlot.of(gate.budgetKey()));
    }

    @Test
    void refreshSchedule_sharesTheRefreshTag() {
        assertEquals(List.of("tme:v1:{refresh}:due", "tme:v1:{refresh}:asked", "tme:v1:{refresh}:loaded",
                "tme:v1:{refresh}:claims", "tme:v1:{refresh}:failures", "tme:v1:{refresh}:depths"), RefreshConfig.defaults().keys());
        assertEquals(KeySlot.of("refresh"), KeySlot.of(RefreshConfig.defaults().keys().getFirst()));
    }

    /** What each script or pipeline sends as its keys, for every key family. */
    private static Map<String, List<String>> scripts() {
        Map<String, List<String>> scripts = new LinkedHashMap<>();
        for (String value : valueKeys()) {
            scripts.put("L2 read (GET + PTTL) of " + value, List.of(value, value));
            scripts.put("lease claim of " + value, List.of(value, LeaseKeys.of(value)));
            scripts.put("lease renew, finish of " + value, List.of(LeaseKeys.of(value)));
        }
        ThrottleConfig gate = ThrottleConfig.defaults();
        scripts.put("gate budget", List.of(gate.cooldownKey(), gate.budgetKey()));
        scripts.put("gate cooldown", List.of(gate.cooldownKey()));
        // The refresher's schedule: its claim and finish scripts name all six keys.
        scripts.put("refresh schedule", RefreshConfig.defaults().keys());
        return scripts;
    }

    /** One key of every family a value lives under, for both parser modes. */
    private static List<String> valueKeys() {
        List<String> keys = new ArrayList<>();
        for (ParserMode mode : ParserMode.values()) {
            Keys of = new Keys(mode);
            keys.addAll(List.of(of.body(CHANNEL, 0), of.body(CHANNEL, 531), of.post(CHANNEL, 531),
                    of.more(CHANNEL, Direction.BEFORE, 490), of.more(CHANNEL, Direction.AFTER, 490)));
        }
        keys.addAll(List.of(new Keys(ParserMode.FULL).preview(CHANNEL), Keys.missing(CHANNEL)));
        return keys;
    }
}
