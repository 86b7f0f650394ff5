package tme.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResultsTest {

    private final Results results = Results.parse(List.of(
            "hot.identity.tme RESULT requests=100 rps=33268.4 p99_ms=3.94",
            "stray output from a tool",
            "",
            "hot.identity.tme RESULT requests=120 rps=35000.0 p99_ms=3.10",
            "ttl PROBE index=-1 body={\"upstream_requests\":3,\"distinct_uris\":1,\"stalled\":0}"));

    @Test
    void all_keepsTheOrderWritten() {
        List<Results.Line> rounds = results.all("hot.identity.tme", "RESULT");
        assertEquals(2, rounds.size());
        assertEquals(33268.4, rounds.get(0).numberOrZero("rps"));
        assertEquals(35000.0, results.last("hot.identity.tme", "RESULT").orElseThrow().numberOrZero("rps"));
    }

    @Test
    void fields_areTextUpToTheNextSpace() {
        Results.Line probe = results.last("ttl", "PROBE").orElseThrow();
        assertEquals(Optional.of("{\"upstream_requests\":3,\"distinct_uris\":1,\"stalled\":0}"), probe.text("body"));
        assertEquals(-1.0, probe.numberOrZero("index"));
        assertEquals(0.0, probe.numberOrZero("body"), "not a number");
        assertEquals(0.0, probe.numberOrZero("missing"));
    }

    @Test
    void linesWithoutAKind_areStillLinesButMatchNothingAsked() {
        assertTrue(results.last("burst", "BURST").isEmpty());
        assertEquals(1, results.all("stray", "output").size());
    }
}
