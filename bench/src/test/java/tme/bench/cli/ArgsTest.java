package tme.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArgsTest {

    @Test
    void options_mayRepeatAndTheLastOneWins() {
        Args args = Args.parse("--url", "http://a", "--url", "http://b", "--rate", "100", "--rate", "200");
        assertEquals(List.of("http://a", "http://b"), args.all("url"));
        assertEquals(200.0, args.number("rate"));
        assertEquals(List.of(), args.all("header"));
        assertEquals(64, args.integer("connections", 64));
    }

    @Test
    void durations_asWrkWritesThemOrIso() {
        assertEquals(Duration.ofMillis(500), Args.duration("d", "500ms"));
        assertEquals(Duration.ofSeconds(10), Args.duration("d", "10s"));
        assertEquals(Duration.ofMillis(1500), Args.duration("d", "1.5s"));
        assertEquals(Duration.ofMinutes(2), Args.duration("d", "2m"));
        assertEquals(Duration.ofSeconds(3), Args.duration("d", "PT3S"));
        assertEquals(Duration.ofSeconds(7), Args.duration("d", "7"));
    }

    @Test
    void badValues_nameTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Args.parse("--duration", "soon").duration("duration", Duration.ZERO));
        assertTrue(e.getMessage().startsWith("--duration must be a duration"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Args.parse("--rate", "fast").number("rate"));
        assertTrue(e.getMessage().startsWith("--rate must be a number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Args.parse().text("url"));
        assertEquals("--url is required", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Args.parse("--rate"));
        assertThrows(IllegalArgumentException.class, () -> Args.parse("rate", "1"));
    }
}
