package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** New ids: this process's prefix and a counter in base 36; a client's kept only when sane. */
class RequestIdsTest {

    @Test
    void newIds_shareThePrefix_andCountInBase36() {
        String first = RequestIds.next().toString();
        String second = RequestIds.next().toString();
        assertTrue(first.matches("[0-9a-v]{8}-[0-9a-z]+"), first);
        assertEquals(first.substring(0, 9), second.substring(0, 9));
        long n = Long.parseLong(first.substring(9), 36);
        assertEquals(Long.toString(n + 1, 36), second.substring(9));
    }

    @Test
    void newIds_areDistinct() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(RequestIds.next().toString());
        }
        assertEquals(10_000, ids.size());
    }

    @Test
    void sane_isTheSafeCharactersOnly_oneTo128() {
        assertTrue(RequestIds.sane("a"));
        assertTrue(RequestIds.sane("Edge-7f3a.b_c:1"));
        assertTrue(RequestIds.sane("x".repeat(128)));
        assertFalse(RequestIds.sane(""));
        assertFalse(RequestIds.sane("x".repeat(129)));
        for (String bad : new String[] {"a b", "a\tb", "a\nb", "a;b", "a,b", "a\"b", "a/b", "é", "a=b"}) {
            assertFalse(RequestIds.sane(bad), bad);
        }
        assertEquals("kept-1", RequestIds.of("kept-1"));
        assertTrue(RequestIds.of("no good").toString().matches("[0-9a-v]{8}-[0-9a-z]+"));
        assertTrue(RequestIds.of(null).toString().matches("[0-9a-v]{8}-[0-9a-z]+"));
    }
}
